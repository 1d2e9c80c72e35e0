/**
 * Errors of the file system in words fit for one line of a screen.
 *
 * @module
 */
import { isSystemPathRefusal, SYSTEM_PATH } from "../content/bounded_file.ts";

/**
 * An OS error without the call and path Deno adds ("Permission denied (os
 * error 13)"), for one screen line; Deno's refusal of a device or system
 * path in Delve's words, not Deno's advice to grant everything.
 */
export function briefly(e: Error): string {
  if (isSystemPathRefusal(e)) return SYSTEM_PATH;
  return e.message.replace(/(\(os error \d+\)):.*$/, "$1");
}
