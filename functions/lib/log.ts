/**
 * Structured logs: one JSON object per line, which CloudWatch Logs Insights can query by field.
 * Never pass a submission's body here — ids, statuses and reasons only.
 */
import { logLevelSetting, logSampleRate, traceHeader } from "./env";

export type LogLevel = "debug" | "info" | "warn" | "error";

export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /** A logger that adds these fields to every line (e.g. requestId and route). */
  child(fields: LogFields): Logger;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function threshold(): number {
  const configured = logLevelSetting();
  if (configured === "silent") return Number.POSITIVE_INFINITY;
  return configured ? RANK[configured] : RANK.info;
}

export interface LoggerOptions {
  /** Log debug lines whatever LOG_LEVEL says (an invocation picked by `sampleDebug()`). */
  readonly sampled?: boolean;
}

export function createLogger(base: LogFields = {}, options: LoggerOptions = {}): Logger {
  const write = (level: LogLevel, msg: string, fields?: LogFields) => {
    const limit = threshold();
    if (RANK[level] < (options.sampled && Number.isFinite(limit) ? RANK.debug : limit)) return;
    const line = JSON.stringify({ level, msg, time: new Date().toISOString(), ...base, ...fields });
    // Straight to the stream: Lambda's patched console would prefix each line with text, and
    // CloudWatch Logs Insights only discovers fields in lines that are JSON from start to end.
    (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return {
    debug: (msg, fields) => write("debug", msg, fields),
    info: (msg, fields) => write("info", msg, fields),
    warn: (msg, fields) => write("warn", msg, fields),
    error: (msg, fields) => write("error", msg, fields),
    child: (fields) => createLogger({ ...base, ...fields }, options),
  };
}

/**
 * Whether this invocation logs at debug level: a share LOG_SAMPLE_RATE (0 to 1, default 0) of
 * invocations carries full detail in production, the sampling Powertools' Logger offers
 * (docs/decisions/0048). LOG_LEVEL=silent stays silent.
 */
export function sampleDebug(random: () => number = Math.random): boolean {
  const rate = logSampleRate();
  return rate > 0 && random() < rate;
}

/** The X-Ray trace id of the current invocation (Root of _X_AMZN_TRACE_ID), to go from a log line to its trace. */
export function xrayTraceId(): string | undefined {
  const root = traceHeader()
    ?.split(";")
    .find((part) => part.startsWith("Root="));
  return root?.slice("Root=".length) || undefined;
}

/** The name and message of an error, for a log line (never its stack or attached request data). */
export function describeError(error: unknown): string {
  // JSON.parse's message quotes the text it failed on, which may be personal data.
  if (error instanceof SyntaxError) return "SyntaxError: invalid JSON";
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
