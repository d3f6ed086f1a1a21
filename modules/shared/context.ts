export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

export type Logger = {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
};

/** A cache that answers a key from memory or loads it once (the catalogue's ReferenceCache is one). */
export type ReadThroughCache = {
  get<T>(key: string, load: () => Promise<T>, opts?: { keep?: (value: T) => boolean }): Promise<T>;
  /** This process has just changed the catalogue (committed): the next read asks the version again. */
  recheck(): void;
};

/** An expected failure; `code` is the translation key of its message. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly params: Record<string, string | number> | undefined;
  constructor(code: string, status = 400, params?: Record<string, string | number>) {
    super(code);
    this.code = code;
    this.status = status;
    this.params = params;
  }
}
