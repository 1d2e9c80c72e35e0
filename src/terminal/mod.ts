/**
 * The terminal and nothing of the game: raw mode and its restore, keys and mouse
 * decoded from bytes, the cell buffer and the renderer that writes the difference of
 * two frames.
 *
 * @module
 */
export { Attr, CellBuffer, WIDE_TAIL } from "./cell_buffer.ts";
export { detectColorDepth, glyphColor16, quantize, toAnsi16, toAnsi256 } from "./color.ts";
export type { ColorDepth } from "./color.ts";
export { DiffRenderer, SYNC_BEGIN, SYNC_END } from "./diff_renderer.ts";
export { keyEvent, mouseEvent } from "./input_events.ts";
export type { InputEvent, KeyEvent, MouseButton, MouseEvent, TerminalEvent } from "./input_events.ts";
export { INPUT_QUEUE_LIMIT, InputQueue } from "./input_queue.ts";
export { QueuedInput } from "./queued_input.ts";
export { KeyDecoder } from "./key_decoder.ts";
export { ShownPicture } from "./shown_picture.ts";
export { SinkTerminal } from "./sink_terminal.ts";
export type { Terminal } from "./terminal.ts";
export { ENTER_SEQUENCE, LEAVE_SEQUENCE } from "./screen_modes.ts";
export { TtyTerminal } from "./tty_terminal.ts";
export { moveLength, moveText } from "./cursor_moves.ts";
export { HeadlessTerminal } from "./headless_terminal.ts";
export { ANY, Pen } from "./pen.ts";
