/**
 * The picture a terminal last showed, kept so that it can be drawn whole on
 * another screen that joins late (a watcher's page, or one that fell behind
 * and skipped frames): the bytes a blank screen of its size needs, made by
 * the renderer from nothing, so they are the very cells the frames drew.
 *
 * @module
 */
import { CellBuffer } from "./cell_buffer.ts";
import type { ColorDepth } from "./color.ts";
import { DiffRenderer } from "./diff_renderer.ts";

/** A copy of the last frame's picture, and the colours it was drawn in. */
export class ShownPicture {
  #picture: CellBuffer | undefined;
  #depth: ColorDepth = "truecolor";

  /** A frame showed `picture` (the caller keeps drawing into it: it is copied). */
  keep(picture: CellBuffer, depth: ColorDepth): void {
    if (this.#picture?.width !== picture.width || this.#picture.height !== picture.height) {
      this.#picture = new CellBuffer(picture.width, picture.height);
    }
    this.#picture.copyFrom(picture);
    this.#depth = depth;
  }

  /** The bytes that draw the picture on a blank screen of its size ("" before any frame). */
  redraw(): string {
    return this.#picture ? new DiffRenderer(this.#depth).render(this.#picture) : "";
  }
}
