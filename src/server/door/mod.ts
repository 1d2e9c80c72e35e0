/**
 * The door below HTTP (docs/server.md, The door below HTTP): the server's
 * public port, where each connection is taken before a byte of it is read,
 * closed unread when its address is shut out, and otherwise relayed to the
 * server's HTTP side on loopback within a budget; run on a thread of its
 * own (workers/door_worker.ts) by {@link DoorThread}.
 *
 * @module
 */
export { admissionBurst, ConnectionDoor, type ConnectionDoorOptions } from "./connection_door.ts";
export { closeQuietly, type InboundBudget, relay, type RelayEnd } from "./connection_relay.ts";
export { type DoorBuffers, type DoorCount, DoorShared, type DoorTally, KEY_BYTES } from "./door_shared.ts";
export { DoorThread, type DoorThreadOptions, type FromDoor, type ToDoor } from "./door_thread.ts";
export { ShutList } from "./shut_list.ts";
