import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseEnvironment } from "../functions/lib/env";
import { HTTP_FUNCTIONS } from "../functions/registry";
import { apiEvent, lambdaContext } from "../test/support/api-gateway";
import { functionEnvironmentFor } from "../test/support/function-environment";
import { registryFunctions } from "./environment";
import { localFunctionEnvironments, localProcessEnvironment, unionOfEnvironments } from "./local/environment";
import { loadStage } from "./stages";

const LOCAL = { stage: loadStage("local"), siteUrl: "http://localhost:3000", submissionsPerMinute: 10 };

describe("the functions' environment (infra/environment.ts)", () => {
  it("gives every registry function an environment the contract accepts, locally as a whole too", () => {
    const environments = localFunctionEnvironments(LOCAL);
    expect([...environments.keys()].sort()).toEqual(
      registryFunctions()
        .map(({ definition }) => definition.name)
        .sort(),
    );
    for (const [name, environment] of environments) {
      expect(() => parseEnvironment(environment), name).not.toThrow();
      // A test run's lower password cost never reaches a stage (docs/decisions/0101).
      expect(environment.PASSWORD_HASH_N, name).toBeUndefined();
    }
    const union = unionOfEnvironments(environments.values());
    expect(() => parseEnvironment(union)).not.toThrow();
    // The runtime's process adds the stand-ins for what AWS provides, and nothing else.
    const dataDir = mkdtempSync(path.join(tmpdir(), "repdesk-env-"));
    try {
      const processEnvironment = localProcessEnvironment(LOCAL, {
        dataDir,
        dynamoEndpoint: "http://127.0.0.1:8000",
        sesUrl: "http://127.0.0.1:8005",
      });
      expect(() => parseEnvironment(processEnvironment)).not.toThrow();
      expect(
        Object.keys(processEnvironment)
          .filter((name) => !(name in union))
          .sort(),
      ).toEqual([
        "AWS_ACCESS_KEY_ID",
        "AWS_ENDPOINT_URL_DYNAMODB",
        "AWS_ENDPOINT_URL_SESV2",
        "AWS_REGION",
        "AWS_SECRET_ACCESS_KEY",
        "SESSION_SECRET",
        // The spam judge's DNS lookup off, its burst count's longer limit (docs/decisions/0152-judge-wiring.md).
        "SPAM_BURST_TIMEOUT_MS",
        "SPAM_MX_LOOKUP",
        // The integrations' local stand-in for KMS, and localhost endpoints (docs/decisions/0093).
        "WEBHOOK_ALLOW_LOOPBACK",
        "WEBHOOK_SECRET_KEY",
      ]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("derives each variable from the registry entry: the session key, e-mail, tables, queues", () => {
    const environments = localFunctionEnvironments(LOCAL);
    for (const fn of HTTP_FUNCTIONS) {
      const environment = environments.get(fn.name) ?? {};
      expect(environment.SESSION_SECRET_ARN !== undefined, fn.name).toBe(fn.sessionKey === true);
      expect(environment.SENDER_ADDRESS !== undefined, fn.name).toBe(fn.sendsEmail === true);
      expect(environment.SES_MIN_SEND_INTERVAL_MS, fn.name).toBeUndefined();
    }
    expect(environments.get("notify")?.SES_MIN_SEND_INTERVAL_MS).toBe("0");
    expect(
      Object.keys(environments.get("outbox-relay") ?? {}).filter((name) => name.endsWith("_QUEUE_URL")),
    ).toEqual([
      "ENRICHMENT_QUEUE_URL",
      "NOTIFICATION_QUEUE_URL",
      "ACKNOWLEDGEMENT_QUEUE_URL",
      "WEBHOOK_EVENTS_QUEUE_URL",
      "WEBHOOKS_QUEUE_URL",
    ]);
    expect(
      Object.keys(environments.get("admin-signups-list") ?? {})
        .filter((name) => name.endsWith("_TABLE"))
        .sort(),
    ).toEqual(["AUTH_STATE_TABLE", "SIGNUPS_TABLE", "USERS_TABLE"]);
  });
});

describe("a function without a variable it needs", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it("fails its first request, and the error names every missing variable", async () => {
    const {
      SUBMISSIONS_PER_MINUTE: _limit,
      RETENTION_DAYS: _days,
      ...partial
    } = functionEnvironmentFor("signup");
    for (const [name, value] of Object.entries(partial)) vi.stubEnv(name, value);
    vi.stubEnv("SUBMISSIONS_PER_MINUTE", undefined);
    vi.stubEnv("RETENTION_DAYS", undefined);
    vi.stubEnv("LOG_LEVEL", "error");
    const lines: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    vi.resetModules();
    const { handler } = await import("../functions/pipeline/routes/signup");
    const answer = await handler(apiEvent({ body: {} }), lambdaContext);
    expect(answer.statusCode).toBe(500);
    const logged = lines.map((line) => JSON.parse(line) as { error?: string });
    expect(logged.map((line) => line.error)).toEqual([
      "EnvironmentError: The function's environment is not usable: RETENTION_DAYS is not set; SUBMISSIONS_PER_MINUTE is not set (functions/lib/env.ts)",
    ]);
  });
});
