/**
 * The functions' environment contract: every variable a function reads, its form, and the only
 * code in functions/ that reads `process.env` (docs/decisions/0083-one-environment-contract.md).
 * Which function gets which variable is decided in one place too: infra/environment.ts, from its
 * registry entry, for the CDK stack and the local runtime alike.
 *
 * Read once, on first use (so a test can set the environment before a handler runs): every
 * variable that is set is checked against its form, and one error names every variable out of
 * form. A variable the function needs and does not have is named by `requireEnv` when the function
 * asks for it; inside `once` (a handler's dependencies, built on its first call) every missing one
 * is named together. An empty value counts as unset.
 *
 * Read on every call instead: the log settings and Lambda's `_X_AMZN_TRACE_ID`, new for every
 * invocation. Not here: what the AWS SDK reads itself (AWS_REGION, credentials, and locally
 * AWS_ENDPOINT_URL_*).
 *
 * Every form is a string pattern (then a number, a flag or a list): only the zod pieces every
 * bundle already carries, so the contract costs each Lambda bundle little (docs/decisions/0078).
 */
import * as z from "zod";
import "../../events/jitless";

/** A value in a pattern; `expected` completes "<NAME> must be …". */
const text = (pattern: RegExp, expected: string) => z.string().regex(pattern, expected);
const httpUrl = text(/^https?:\/\/[^\s/?#]+([/?#]\S*)?$/, "an http(s) URL");
const address = text(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "an e-mail address");
const count = text(/^\d{1,9}$/, "a whole number").transform(Number);
const name = text(/\S/, "a name");

/** Every variable with a fixed name. Each is optional here; a function asks for what it needs. */
export const ENVIRONMENT_SCHEMA = z
  .object({
    /** The site's public origin: the same-origin guard, links in e-mails, the passkey relying party. */
    SITE_URL: httpUrl,
    /** The response clock's holidays, YYYY-MM-DD, comma-separated (unset: none). */
    RESPONSE_HOLIDAYS: text(
      /^\d{4}-\d\d-\d\d(,\d{4}-\d\d-\d\d)*$/,
      "YYYY-MM-DD dates, comma-separated",
    ).transform((list) => list.split(",")),
    /** The booking page the reply templates offer (unset: none). */
    BOOKING_URL: httpUrl,
    /** From-address of every e-mail (functions that send e-mail). */
    SENDER_ADDRESS: address,
    /** Where staff alerts go (functions that send e-mail). */
    STAFF_INBOX: address,
    /** The SES configuration set every send goes through (bounces and complaints). */
    SES_CONFIGURATION_SET: name,
    /** Least milliseconds between two sends of a queue worker instance (the stage's SES rate); 0: none. */
    SES_MIN_SEND_INTERVAL_MS: count,
    /** Form submissions per client address per minute; 0: no limit (HTTP functions). */
    SUBMISSIONS_PER_MINUTE: count,
    /** Days after which signups and contact messages expire; 0 keeps them (their writers). */
    RETENTION_DAYS: count,
    /** Staff must have a second factor (HTTP functions). */
    MFA_REQUIRED: text(/^(true|false)$/, "true or false").transform((flag) => flag === "true"),
    /** The Secrets Manager secret holding the session signing key (functions that read sessions). */
    SESSION_SECRET_ARN: name,
    /**
     * Test runs only, never set by the stack: the scrypt cost N of new password hashes (a power of
     * two, 2^14 to 2^20); unset: 2^17 (functions/model/staff/password.ts,
     * docs/decisions/0101-password-cost-in-test-runs.md).
     */
    PASSWORD_HASH_N: text(
      /^(16384|32768|65536|131072|262144|524288|1048576)$/,
      "a power of two from 16384 to 1048576",
    ).transform(Number),
    /** Local runtime only, never in AWS: the session key itself, standing in for Secrets Manager. */
    SESSION_SECRET: text(/^([0-9a-fA-F]{2}){32,}$/, "64 or more hex digits"),
    /** The KMS key that seals the integrations' signing secrets (docs/decisions/0091). */
    WEBHOOK_KMS_KEY_ID: name,
    /** Local runtime only, never in AWS: the key that seals them, standing in for KMS (hex, 256 bits). */
    WEBHOOK_SECRET_KEY: text(/^[0-9a-fA-F]{64}$/, "64 hex digits"),
    /**
     * Local runtime only, "false": the spam judge asks no DNS about an address's domain (test
     * addresses are example ones, which take no mail; docs/decisions/0152-judge-wiring.md).
     */
    SPAM_MX_LOOKUP: text(/^(true|false)$/, "true or false").transform((flag) => flag === "true"),
    /**
     * Local runtime only: the most the spam judge's burst count may hold a submission, in ms
     * (unset: functions/pipeline/spam/weights.ts, for DynamoDB). The local store on a busy machine
     * answers slower than DynamoDB; the submission's own write still has its time limits.
     */
    SPAM_BURST_TIMEOUT_MS: count,
    /** Local runtime only: endpoints on this machine (http://localhost) may be saved and called. */
    WEBHOOK_ALLOW_LOOPBACK: text(/^(true|false)$/, "true or false").transform((flag) => flag === "true"),
    /**
     * The delivery schedule in ms, "first retry,longest retry,give up after,lease" (unset: 30 s,
     * 4 h, 24 h, 2 min; docs/decisions/0092). Tests shorten it; the same for every function.
     */
    WEBHOOK_RETRY_SCHEDULE: text(/^\d{1,9}(,\d{1,9}){3}$/, "four whole numbers, comma-separated").transform(
      (list) => list.split(",").map(Number),
    ),
  })
  .partial();

export type Settings = z.output<typeof ENVIRONMENT_SCHEMA>;
export type SettingName = keyof Settings;
/** Variables the model names: a table's physical name, a queue's URL. */
export type TableVariable = `${string}_TABLE`;
export type QueueVariable = `${string}_QUEUE_URL`;
export type VariableName = SettingName | TableVariable | QueueVariable;

const RESOURCES = [
  [/^[A-Z][A-Z0-9_]*_TABLE$/, text(/^[\w.-]{3,255}$/, "a table name")],
  [/^[A-Z][A-Z0-9_]*_QUEUE_URL$/, text(/^(https|local):\/\/\S+$/, "a queue URL")],
] as const;

/** Names the variables, never their values: a value may be a secret. */
export class EnvironmentError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`The function's environment is not usable: ${problems.join("; ")} (functions/lib/env.ts)`);
    this.name = "EnvironmentError";
  }
}

export interface Environment {
  readonly settings: Settings;
  /** Table and queue variables by name (USERS_TABLE -> its physical name). */
  readonly resources: Readonly<Record<string, string>>;
}

/** Checks every variable that is set against its form; one error names every one out of form. */
export function parseEnvironment(source: Readonly<Record<string, string | undefined>>): Environment {
  const settings: Record<string, string> = {};
  const resources: Record<string, string> = {};
  const problems: string[] = [];
  for (const [variable, value] of Object.entries(source)) {
    if (!value) continue;
    if (variable in ENVIRONMENT_SCHEMA.shape) settings[variable] = value;
    for (const [pattern, form] of RESOURCES) {
      if (!pattern.test(variable)) continue;
      const checked = form.safeParse(value);
      if (checked.success) resources[variable] = value;
      else problems.push(`${variable} must be ${checked.error.issues[0]?.message}`);
    }
  }
  const parsed = ENVIRONMENT_SCHEMA.safeParse(settings);
  for (const issue of parsed.error?.issues ?? [])
    problems.push(`${String(issue.path[0])} must be ${issue.message}`);
  if (!parsed.success || problems.length > 0) throw new EnvironmentError(problems.sort());
  return { settings: parsed.data, resources };
}

let current: Environment | undefined;

/** The function's environment, read and checked on first use and kept for the life of the instance. */
export function environment(): Environment {
  current ??= parseEnvironment(process.env);
  return current;
}

/** Missing variables asked for inside `once`: named together when it ends. */
let missing: Set<string> | undefined;

type ValueOf<N extends VariableName> = N extends SettingName ? NonNullable<Settings[N]> : string;

/** A variable the function needs; its absence is an error that names it. */
export function requireEnv<N extends VariableName>(variable: N): ValueOf<N> {
  const { settings, resources } = environment();
  const value =
    variable in ENVIRONMENT_SCHEMA.shape ? settings[variable as SettingName] : resources[variable];
  if (value !== undefined) return value as ValueOf<N>;
  if (!missing) throw new EnvironmentError([`${variable} is not set`]);
  missing.add(variable);
  // Inside `once`: noted, and thrown with the others when `create` ends; never used.
  return undefined as never;
}

/** A setting some stages or functions do without (BOOKING_URL); undefined when unset. */
export function optionalEnv<N extends SettingName>(variable: N): Settings[N] {
  return environment().settings[variable];
}

/**
 * Runs `create` once, on first use (so tests can set the environment before a handler runs). The
 * variables it asks for with `requireEnv` and does not find are named together in one error; a
 * failed `create` runs again on the next call.
 */
export function once<T>(create: () => T): () => T {
  let value: { current: T } | undefined;
  return () => {
    const outer = missing;
    const found = new Set<string>();
    missing = found;
    try {
      value ??= { current: create() };
      if (found.size === 0) return value.current;
      value = undefined;
    } catch (error) {
      // A missing value may make `create` fail on its own: the missing variables are the cause.
      if (found.size === 0) throw error;
    } finally {
      missing = outer;
    }
    throw new EnvironmentError([...found].sort().map((variable) => `${variable} is not set`));
  };
}

const logLevel = text(/^(debug|info|warn|error|silent)$/, "a log level");
const sampleRate = text(/^(0|1|0?\.\d+)$/, "a number from 0 to 1").transform(Number);

/** LOG_LEVEL (default info), read on every log line; a value out of form counts as unset. */
export function logLevelSetting(): "debug" | "info" | "warn" | "error" | "silent" | undefined {
  const level = logLevel.safeParse(process.env.LOG_LEVEL);
  return level.success ? (level.data as "debug" | "info" | "warn" | "error" | "silent") : undefined;
}

/** LOG_SAMPLE_RATE, the share of invocations logged at debug level (default 0), read on every call. */
export function logSampleRate(): number {
  return sampleRate.safeParse(process.env.LOG_SAMPLE_RATE).data ?? 0;
}

/** Lambda's X-Ray trace header of the current invocation (_X_AMZN_TRACE_ID), new for each one. */
export function traceHeader(): string | undefined {
  return process.env._X_AMZN_TRACE_ID || undefined;
}
