/**
 * The bot: a player that plays by itself for the balance simulator and the
 * soak runs, and what it knows of its pack.
 *
 * @module
 */
export { Bot, type BotIntent } from "./bot.ts";
export { knownEscape } from "./bot_items.ts";
