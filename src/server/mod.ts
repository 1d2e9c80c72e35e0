/**
 * The browser server for Delve (`deno task serve`): the server itself with
 * its limits; who may play (names, passwords, sessions, how often one may
 * try to log in); and what it keeps in its database (players, the game
 * index, the server's scores, the versions of the data its games name).
 *
 * @module
 */
export { DelveServer, type ServerOptions } from "./delve_server.ts";
export {
  ABSENT_MS,
  DEFAULT_LIMITS,
  fullLine,
  REPLAY_SHARE,
  REPLAY_STARTS_PER_SECOND,
  type ServerLimits,
} from "./server_limits.ts";
export {
  AddressDoor,
  addressKey,
  type DoorLimits,
  LONGEST_PAUSE_MS,
  PAUSE_FORGIVEN_MS,
  PAUSE_MS,
  REFUSALS_BEFORE_PAUSE,
  REFUSALS_PER_SECOND,
} from "./address_door.ts";
export {
  admissionBurst,
  ConnectionDoor,
  type ConnectionDoorOptions,
  DoorShared,
  type DoorTally,
  DoorThread,
  type DoorThreadOptions,
  type InboundBudget,
  relay,
  type RelayEnd,
  ShutList,
} from "./door/mod.ts";
export { ADDRESS_SHARE, LOGIN_WINDOW_MS, LoginLimiter, type LoginLimiterOptions } from "./login_limiter.ts";
export {
  hashPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
  PBKDF2_ITERATIONS,
  type StoredPassword,
  verifyPassword,
} from "./passwords.ts";
export { NAME_MAX_LENGTH, nameProblem } from "./player_names.ts";
export {
  type GameEnd,
  type GameProgress,
  type GameRecord,
  isGameId,
  LEFT_OUTCOME,
  MIGRATIONS,
  type NewScore,
  SCHEMA_VERSION,
  type ScoreRecord,
  ServerStore,
  SESSION_LIFETIME_MS,
  StoreError,
} from "./store.ts";
export { GameHost, RESIZE_GAP_MS, WATCHER_BACKLOG_BYTES } from "./game_host.ts";
export { TableVersions } from "./version_table.ts";
export { KEY_LIMITS, SCREEN_LIMITS } from "./socket_terminal.ts";
export {
  BARRED_MS,
  CLOSE_POLICY,
  CLOSE_TOO_BIG,
  CLOSE_TRY_LATER,
  FORGIVEN_AFTER_MS,
  LONGEST_BAR_MS,
  SocketCounts,
} from "./socket_limits.ts";
export type { GameHostOptions, GameInfo, ProgramParts, Sink } from "./game_host.ts";
export { MAX_MESSAGE_BYTES, readClientMessage } from "./protocol.ts";
export { RecencyMap } from "./recency_map.ts";
export { type ShareLimits, TimeShare } from "./time_share.ts";
export type { ClientMessage, ServerMessage } from "./protocol.ts";
export {
  doorTallySince,
  healthLine,
  type HealthReport,
  type Lateness,
  PauseProbe,
  PROBE_MS,
  readHealthLine,
  ServerHealth,
  TimeHistogram,
} from "./server_health.ts";
