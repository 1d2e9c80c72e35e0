/**
 * Errors of the file system in words fit for one line of a screen.
 *
 * @module
 */

/** An OS error without the call and path Deno adds ("Permission denied (os error 13)"), for one screen line. */
export function briefly(e: Error): string {
  return e.message.replace(/(\(os error \d+\)):.*$/, "$1");
}
