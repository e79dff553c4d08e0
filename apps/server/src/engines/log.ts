/** What the engines log through: the app's pino logger fits, and so does a test's collector. */
export interface EngineLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}
