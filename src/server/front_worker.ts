/**
 * The server's front (front.ts) as a worker's entry: started by the games'
 * thread with the front's options, it listens and says where (or why it
 * could not), then takes that thread's messages until told to stop.
 *
 * @module
 */
import { Front } from "./front.ts";
import type { FromFront, ToFront } from "./front_channel.ts";

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToFront>) => void) | null;
  postMessage(message: FromFront): void;
}

const scope = self as unknown as WorkerScope;
let front: Front | undefined;
/** What the games' thread said before the front was listening, heard in order once it is. */
let started: Promise<void> | undefined;

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === "start") {
    started = Front.start(message.options, scope).then((listening) => {
      front = listening;
      const { hostname, port } = listening.address;
      scope.postMessage({ type: "listening", hostname, port });
    }, (error) => {
      scope.postMessage({ type: "failed", message: error instanceof Error ? error.message : String(error) });
    });
    return;
  }
  if (front) void front.hear(message);
  else void started?.then(() => front?.hear(message));
};
