import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EnvironmentError, parseEnvironment } from "./env";

/** A fresh copy of the module: its environment is read once per instance, like a Lambda's. */
async function freshEnv(variables: Record<string, string>): Promise<typeof import("./env")> {
  vi.resetModules();
  Object.assign(process.env, variables);
  return import("./env");
}

const saved = { ...process.env };
/** Each test starts from an environment without any of the contract's variables. */
beforeEach(() => {
  for (const name of Object.keys(process.env)) delete process.env[name];
  Object.assign(process.env, { PATH: saved.PATH ?? "" });
});
afterEach(() => {
  for (const name of Object.keys(process.env)) delete process.env[name];
  Object.assign(process.env, saved);
});

describe("parseEnvironment", () => {
  it("reads each setting in its form: numbers, flags, lists, tables and queues", () => {
    const { settings, resources } = parseEnvironment({
      SITE_URL: "https://www.example.com",
      RESPONSE_HOLIDAYS: "2026-12-25,2027-01-01",
      SUBMISSIONS_PER_MINUTE: "10",
      MFA_REQUIRED: "true",
      BOOKING_URL: "",
      USERS_TABLE: "repdesk-dev-Users",
      NOTIFICATION_QUEUE_URL: "https://sqs.us-east-1.amazonaws.com/123456789012/repdesk-dev-notification",
      UNRELATED: "left alone",
    });
    expect(settings).toEqual({
      SITE_URL: "https://www.example.com",
      RESPONSE_HOLIDAYS: ["2026-12-25", "2027-01-01"],
      SUBMISSIONS_PER_MINUTE: 10,
      MFA_REQUIRED: true,
    });
    expect(resources).toEqual({
      USERS_TABLE: "repdesk-dev-Users",
      NOTIFICATION_QUEUE_URL: "https://sqs.us-east-1.amazonaws.com/123456789012/repdesk-dev-notification",
    });
    // Empty is unset: no holidays, no booking page.
    expect(parseEnvironment({ RESPONSE_HOLIDAYS: "" }).settings).toEqual({});
  });

  it("names every variable out of form in one error, and none of their values", () => {
    const secret = "not-hex-but-secret";
    let error: unknown;
    try {
      parseEnvironment({
        SITE_URL: "ftp://example.com",
        SUBMISSIONS_PER_MINUTE: "ten",
        MFA_REQUIRED: "yes",
        RESPONSE_HOLIDAYS: "25.12.2026",
        SESSION_SECRET: secret,
        AUDIT_TABLE: "a b",
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvironmentError);
    expect((error as EnvironmentError).problems).toEqual([
      "AUDIT_TABLE must be a table name",
      "MFA_REQUIRED must be true or false",
      "RESPONSE_HOLIDAYS must be YYYY-MM-DD dates, comma-separated",
      "SESSION_SECRET must be 64 or more hex digits",
      "SITE_URL must be an http(s) URL",
      "SUBMISSIONS_PER_MINUTE must be a whole number",
    ]);
    expect((error as Error).message).not.toContain(secret);
  });
});

describe("requireEnv and once", () => {
  it("names a missing variable when a function asks for it", async () => {
    const env = await freshEnv({ SITE_URL: "https://www.example.com" });
    expect(env.requireEnv("SITE_URL")).toBe("https://www.example.com");
    expect(() => env.requireEnv("SENDER_ADDRESS")).toThrow("SENDER_ADDRESS is not set");
    expect(() => env.requireEnv("USERS_TABLE")).toThrow("USERS_TABLE is not set");
    expect(env.optionalEnv("BOOKING_URL")).toBeUndefined();
  });

  it("names every variable a handler's dependencies miss, together", async () => {
    const env = await freshEnv({ USERS_TABLE: "Users" });
    const deps = env.once(() => ({
      users: env.requireEnv("USERS_TABLE"),
      audit: env.requireEnv("AUDIT_TABLE"),
      limit: env.requireEnv("SUBMISSIONS_PER_MINUTE"),
      // Fails on its own without SITE_URL; the missing variables are still what is reported.
      origin: new URL(env.requireEnv("SITE_URL")).origin,
    }));
    expect(deps).toThrow("AUDIT_TABLE is not set; SITE_URL is not set; SUBMISSIONS_PER_MINUTE is not set");
    // A failed start is not kept: the next call builds them again.
    expect(deps).toThrow(env.EnvironmentError);
  });

  it("reads the environment once: a change after the first read is not seen (a Lambda instance's)", async () => {
    const env = await freshEnv({ SITE_URL: "https://one.example.com" });
    expect(env.requireEnv("SITE_URL")).toBe("https://one.example.com");
    process.env.SITE_URL = "https://two.example.com";
    expect(env.requireEnv("SITE_URL")).toBe("https://one.example.com");
  });

  it("fails at start on a variable out of form, naming it, before any handler code uses it", async () => {
    const env = await freshEnv({ SITE_URL: "https://www.example.com", RETENTION_DAYS: "-1" });
    expect(() => env.requireEnv("SITE_URL")).toThrow("RETENTION_DAYS must be a whole number");
  });

  it("reads the log settings on every call, and ignores one out of form", async () => {
    const env = await freshEnv({ LOG_LEVEL: "warn" });
    expect(env.logLevelSetting()).toBe("warn");
    process.env.LOG_LEVEL = "DEBUG";
    expect(env.logLevelSetting()).toBeUndefined();
    process.env.LOG_SAMPLE_RATE = "2";
    expect(env.logSampleRate()).toBe(0);
    process.env.LOG_SAMPLE_RATE = "0.25";
    expect(env.logSampleRate()).toBe(0.25);
  });
});
