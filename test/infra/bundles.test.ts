/**
 * The function bundles as Lambda runs them: each one loads in a fresh Node process and exports a
 * handler, stays within the size targets, HTTP bundles answer only their registry routes, and the enrich
 * bundle finds its geo-IP database (8.8.8.8 -> US) through a real handler call against dynalite.
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HTTP_FUNCTIONS } from "../../functions/registry";
import { PASSWORD_MESSAGES } from "../../functions/staff/password-policy";
import {
  BUNDLE_FILE,
  BUNDLE_TARGET_ADVICE,
  BUNDLE_TARGETS,
  type BuiltBundle,
  functionBundles,
  kib,
} from "../../infra/build/functions";
import { GEOIP_DATA_FILES } from "../../infra/build/geoip";
import { toApiGatewayEvent } from "../../infra/local/api-event";
import { startDynalite, TEST_CREDENTIALS, TEST_REGION, type TestDynamo } from "../support/dynamo";
import { functionEnvironmentFor, TEST_SITE_URL } from "../support/function-environment";
import { startSesLocal, type TestSes } from "../support/ses";
import { bundleOnce } from "./synth";

/** The event API Gateway's REST API sends for one registry route, as the local runtime builds it. */
function restEvent(route: string, options: { headers?: Record<string, string>; body?: string } = {}) {
  const [method = "GET", path = "/"] = route.split(" ");
  const parameters = Object.fromEntries([...path.matchAll(/\{([^}+]+)\+?\}/g)].map((m) => [m[1] ?? "", "x"]));
  return toApiGatewayEvent({
    method,
    url: path.replace(/\{[^}]+\}/g, "x"),
    headers: options.headers ?? {},
    body: options.body === undefined ? undefined : Buffer.from(options.body),
    sourceIp: "203.0.113.9",
    routeKey: route,
    pathParameters: parameters,
    requestId: "bundle-test",
    now: new Date(0),
  });
}

const run = promisify(execFile);

/** Runs an ES module script in a fresh `node` with test credentials; resolves with its stdout. */
async function runInChild(script: string, env: Record<string, string>, timeoutMs = 30_000): Promise<string> {
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], {
    env: {
      PATH: process.env.PATH ?? "",
      AWS_REGION: TEST_REGION,
      AWS_ACCESS_KEY_ID: TEST_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: TEST_CREDENTIALS.secretAccessKey,
      ...env,
    },
    timeout: timeoutMs,
  });
  return stdout;
}

/** What one event got from a bundle's handler: its answer, and what the call printed. */
interface Invocation {
  readonly result?: unknown;
  /** The error the call threw, if it did (the load's error when the bundle did not load). */
  readonly error?: string;
  /** Everything written to stdout and stderr during the call. */
  readonly output: string;
}

/**
 * Imports a bundle once in a fresh `node` and passes each event to its handler in turn, the way a
 * warm Lambda instance takes one event after another: each call's answer, thrown error and printed
 * output are kept apart. One process per bundle instead of one per event: a bundle's load (its
 * cold start) is most of a call's time here.
 */
async function invokeEachInChild(
  bundleDir: string,
  events: readonly unknown[],
  env: Record<string, string> = {},
): Promise<Invocation[]> {
  const script = `
    const write = process.stdout.write.bind(process.stdout);
    let printed = [];
    process.stdout.write = process.stderr.write = (chunk, encoding, callback) => {
      printed.push(String(chunk));
      const done = typeof encoding === "function" ? encoding : callback;
      if (typeof done === "function") done();
      return true;
    };
    const events = JSON.parse(process.env.TEST_EVENTS);
    const results = [];
    let handler;
    try {
      ({ handler } = await import(${JSON.stringify(pathToFileURL(join(bundleDir, BUNDLE_FILE)).href)}));
      if (typeof handler !== "function") throw new Error("no handler export");
    } catch (error) {
      const output = printed.join("") + String(error?.stack ?? error);
      for (const _ of events) results.push({ error: String(error?.stack ?? error), output });
      events.length = 0;
    }
    for (const event of events) {
      printed = [];
      try {
        const result = await handler(event, {});
        results.push({ result: result ?? null, output: printed.join("") });
      } catch (error) {
        results.push({ error: String(error?.stack ?? error), output: printed.join("") });
      }
    }
    write("RESULT " + JSON.stringify(results));
  `;
  // A bound for a hang, not for speed: the former limit of one process per event, per event.
  const stdout = await runInChild(
    script,
    { TEST_EVENTS: JSON.stringify(events), ...env },
    30_000 * Math.max(1, events.length),
  );
  const line = stdout.split("\n").find((l) => l.startsWith("RESULT "));
  if (!line) throw new Error(`no result from child: ${stdout}`);
  return JSON.parse(line.slice("RESULT ".length)) as Invocation[];
}

/** Imports a bundle in a fresh `node` and passes `event` to its handler; returns the handler's answer. */
async function invokeInChild(bundleDir: string, event: unknown, env: Record<string, string> = {}) {
  const script = `
    const { handler } = await import(${JSON.stringify(pathToFileURL(join(bundleDir, BUNDLE_FILE)).href)});
    if (typeof handler !== "function") throw new Error("no handler export");
    const event = JSON.parse(process.env.TEST_EVENT);
    const result = event === null ? null : await handler(event, {});
    process.stdout.write("RESULT " + JSON.stringify(result ?? null));
  `;
  const stdout = await runInChild(script, { TEST_EVENT: JSON.stringify(event), ...env });
  const line = stdout.split("\n").find((l) => l.startsWith("RESULT "));
  if (!line) throw new Error(`no result from child: ${stdout}`);
  return JSON.parse(line.slice("RESULT ".length)) as unknown;
}

let built: BuiltBundle[];
const byName = (name: string) => {
  const bundle = built.find((b) => b.name === name);
  if (!bundle) throw new Error(`no bundle ${name}`);
  return bundle;
};

// The first infra file to ask builds the run's bundles and the others wait for it (./synth.ts): the
// same limit as the files that synthesize, so waiting for another file's build cannot time out here.
beforeAll(async () => {
  ({ built } = await bundleOnce());
}, 600_000);

describe("function bundles", () => {
  it("builds one bundle per registry function", () => {
    expect(built.map((b) => b.name).sort()).toEqual(
      functionBundles()
        .map((b) => b.name)
        .sort(),
    );
  });

  it.each(functionBundles().map((b) => [b.name]))("%s is within the size targets", (name) => {
    const bundle = byName(name);
    const over = (what: string, bytes: number, target: number) =>
      `${name}: ${what} ${bytes.toLocaleString("en-US")} bytes (${kib(bytes)}) > ${target.toLocaleString("en-US")} (${kib(target)}).\n${BUNDLE_TARGET_ADVICE}`;
    expect(
      bundle.minifiedBytes,
      over("minified", bundle.minifiedBytes, BUNDLE_TARGETS.minifiedBytes),
    ).toBeLessThanOrEqual(BUNDLE_TARGETS.minifiedBytes);
    expect(bundle.gzipBytes, over("gzip", bundle.gzipBytes, BUNDLE_TARGETS.gzipBytes)).toBeLessThanOrEqual(
      BUNDLE_TARGETS.gzipBytes,
    );
  });

  it("bundles the AWS SDK instead of relying on the runtime's copy", () => {
    for (const bundle of built) {
      const inputs = Object.keys(bundle.metafile.inputs);
      expect(
        inputs.some((path) => path.includes("node_modules/@aws-sdk/")),
        bundle.name,
      ).toBe(true);
    }
  });

  it.each(functionBundles().map((b) => [b.name]))(
    "%s loads in a fresh Node process and exports a handler",
    async (name) => {
      await expect(invokeInChild(byName(name).dir, null)).resolves.toBeNull();
    },
  );

  it("ships each registry entry's own handler: the bundle entry re-exports it and adds nothing", () => {
    for (const bundle of built) {
      const entry = Object.entries(bundle.metafile.inputs).find(([path]) =>
        path.startsWith("function-entry:"),
      );
      expect(
        entry?.[1].imports.map((imported) => imported.path),
        bundle.name,
      ).toEqual([`functions/${bundle.entry.split("#")[0]}`]);
    }
  });

  /**
   * Each HTTP bundle in one fresh process: an event for each of its registry routes, then one for a
   * resource it does not serve (the two tests below read the answers). Computed once, on first use.
   */
  let restAnswers: Promise<Map<string, Invocation[]>> | undefined;
  const NOT_SERVED = "POST /api/no-such-route";
  const answersOf = (bundle: BuiltBundle) =>
    invokeEachInChild(
      bundle.dir,
      [...(bundle.routes ?? []), NOT_SERVED].map((route) => restEvent(route)),
    );
  const restAnswersOnce = () => {
    restAnswers ??= (async () => {
      const answers = new Map<string, Invocation[]>();
      for (const bundle of built.filter((b) => b.kind === "http"))
        answers.set(bundle.name, await answersOf(bundle));
      return answers;
    })();
    return restAnswers;
  };
  const statusOf = (invocation: Invocation | undefined) =>
    (invocation?.result as { statusCode?: number } | undefined)?.statusCode;

  it("HTTP handlers take API Gateway's REST events for each of their registry routes", async () => {
    const answers = await restAnswersOnce();
    for (const bundle of built.filter((b) => b.kind === "http")) {
      for (const [index, route] of (bundle.routes ?? []).entries()) {
        const answer = answers.get(bundle.name)?.[index];
        const body = (answer?.result as { body?: string } | undefined)?.body ?? answer?.error;
        expect(statusOf(answer), `${bundle.name} ${route}: ${body}`).toBeTypeOf("number");
        expect([404, 405], `${bundle.name} ${route}: ${body}`).not.toContain(statusOf(answer));
      }
    }
  });

  it("HTTP functions answer 404 to an event for a resource they do not serve", async () => {
    const answers = await restAnswersOnce();
    const http = built.filter((b) => b.kind === "http");
    expect(http.length).toBeGreaterThan(0);
    for (const bundle of http) {
      const answer = answers.get(bundle.name)?.at(-1);
      expect(statusOf(answer), `${bundle.name}: ${answer?.error ?? ""}`).toBe(404);
    }
  });
});

describe("every HTTP function with exactly the environment it is given (infra/environment.ts)", () => {
  let dynamo: TestDynamo;
  beforeAll(async () => {
    dynamo = await startDynalite();
  });
  afterAll(async () => {
    await dynamo?.close();
  });

  /** A browser's request to the route (same origin, an empty JSON body where it takes one). */
  const browserEvent = (route: string) => {
    const method = route.split(" ")[0] ?? "";
    const body = ["POST", "PUT", "PATCH"].includes(method) ? "{}" : undefined;
    return restEvent(route, {
      headers: {
        host: new URL(TEST_SITE_URL).host,
        origin: TEST_SITE_URL,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body,
    });
  };

  it("never fails a route for a variable its registry entry does not give it", async () => {
    const failures: string[] = [];
    for (const bundle of built.filter((b) => b.kind === "http")) {
      const env = {
        ...functionEnvironmentFor(bundle.name, { tables: dynamo.tables }),
        // The local runtime's stand-ins for what AWS provides (infra/local/environment.ts).
        SESSION_SECRET: "0".repeat(64),
        AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
        LOG_LEVEL: "error",
      };
      // One process per bundle, one call per route (a variable read only on one route's path is
      // still read, and missing, on that call; a missing variable is never cached as present).
      const routes = bundle.routes ?? [];
      const answers = await invokeEachInChild(bundle.dir, routes.map(browserEvent), env);
      for (const [index, route] of routes.entries()) {
        const answer = answers[index];
        const status = (answer?.result as { statusCode?: unknown } | undefined)?.statusCode;
        const output = `${answer?.output ?? ""}${answer?.error ?? ""}`;
        if (output.includes("EnvironmentError") || typeof status !== "number")
          failures.push(`${bundle.name} ${route}: ${output.trim().slice(0, 600)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

describe("code loaded on first use: the password lists", () => {
  it("are chunks beside the invitation and account bundles, not in what a cold start loads", () => {
    for (const name of ["invitation", "account"]) {
      const bundle = byName(name);
      const startup = readdirSync(bundle.dir).filter(
        (file) => file.endsWith(".mjs") && !bundle.lazyChunks.includes(file),
      );
      expect(startup, name).toContain("index.mjs");
      for (const file of startup)
        expect(readFileSync(join(bundle.dir, file), "utf8"), file).not.toContain("trustno1");
      const lists = bundle.lazyChunks.filter((chunk) =>
        readFileSync(join(bundle.dir, chunk), "utf8").includes("trustno1"),
      );
      expect(lists, name).toHaveLength(1);
    }
  });

  it("are found by the bundled invitation handler, which refuses password1234 before touching any table", async () => {
    const body = JSON.stringify({ token: "abcdefgh.abcdefghijklmnopqrstuvwxyz", password: "password1234" });
    const answer = (await invokeInChild(
      byName("invitation").dir,
      restEvent("POST /api/auth/invitation/accept", {
        headers: { "content-type": "application/json", origin: "http://localhost:3000" },
        body,
      }),
      { SITE_URL: "http://localhost:3000" },
    )) as { statusCode: number; body: string };
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.body).toContain(PASSWORD_MESSAGES.tooEasy);
  });
});

describe("code loaded on first use: the WebAuthn library", () => {
  it("is a chunk of the passkey functions, not in what a cold start loads", () => {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    for (const name of ["auth-passkey", "account-passkeys"]) {
      const bundle = byName(name);
      const library = (output: string) =>
        Object.keys(bundle.metafile.outputs[output]?.inputs ?? {}).some((input) =>
          input.includes("node_modules/@simplewebauthn/server/"),
        );
      const outputs = Object.keys(bundle.metafile.outputs).filter((output) => output.endsWith(".mjs"));
      const lazy = (output: string) =>
        bundle.lazyChunks.includes(relative(bundle.dir, resolve(root, output)));
      expect(
        outputs.filter((output) => !lazy(output) && library(output)),
        name,
      ).toEqual([]);
      expect(outputs.filter((output) => lazy(output) && library(output)).length, name).toBeGreaterThan(0);
    }
  });
});

describe("code loaded on first use: the team function's SES mailer", () => {
  let ses: TestSes;
  beforeAll(async () => {
    ses = await startSesLocal();
  });
  afterAll(async () => {
    await ses?.close();
  });

  it("is a file of its own beside index.mjs, outside what a cold start loads, and sends through SES", async () => {
    const team = byName("team");
    expect(team.lazyChunks).toContain("ses-mailer.mjs");
    expect(readFileSync(team.file, "utf8")).toContain('import("./ses-mailer.mjs")');
    const script = `
      const { SesMailer } = await import(${JSON.stringify(pathToFileURL(join(team.dir, "ses-mailer.mjs")).href)});
      const sent = await new SesMailer().send({ from: "hello@repdesk.example.com", to: ["new@example.com"], subject: "Isolated", html: "<p>Hi</p>", text: "Hi" });
      process.stdout.write("RESULT " + JSON.stringify(sent));
    `;
    await ses.clear(); // aws-ses-v2-local keeps one inbox per process, shared with the notify test below
    const stdout = await runInChild(script, { AWS_ENDPOINT_URL_SESV2: ses.endpoint });
    expect(stdout).toMatch(/^RESULT \{"messageId":"[^"]+"\}/);
    expect((await ses.emails()).map((email) => email.subject)).toEqual(["Isolated"]);
  });
});

describe("code loaded on first use: the session key's Secrets Manager client", () => {
  it("is a file of its own beside every function that reads sessions, outside what a cold start loads", async () => {
    const readers = HTTP_FUNCTIONS.filter((fn) => fn.sessionKey).map((fn) => byName(fn.name));
    expect(readers.length).toBeGreaterThan(10);
    for (const bundle of readers) {
      expect(bundle.lazyChunks, bundle.name).toContain("secrets.mjs");
      const importers = readdirSync(bundle.dir).filter(
        (file) =>
          file.endsWith(".mjs") &&
          readFileSync(join(bundle.dir, file), "utf8").includes('import("./secrets.mjs")'),
      );
      expect(importers.length, bundle.name).toBeGreaterThan(0);
      const eager = Object.entries(bundle.metafile.outputs)
        .filter(
          ([output]) => output.endsWith(".mjs") && !bundle.lazyChunks.some((lazy) => output.endsWith(lazy)),
        )
        .flatMap(([, output]) => Object.keys(output.inputs));
      expect(
        eager.filter((input) => input.includes("client-secrets-manager")),
        bundle.name,
      ).toEqual([]);
    }
    const script = `
      const { readSecretString } = await import(${JSON.stringify(pathToFileURL(join(byName("account").dir, "secrets.mjs")).href)});
      process.stdout.write("RESULT " + typeof readSecretString);
    `;
    expect(await runInChild(script, {})).toBe("RESULT function");
  });
});

describe("the notify bundle: the SES client trimmed to the operations we call, the staff e-mails a chunk", () => {
  let dynamo: TestDynamo;
  let ses: TestSes;
  beforeAll(async () => {
    [dynamo, ses] = await Promise.all([startDynalite(), startSesLocal()]);
  });
  afterAll(async () => {
    await Promise.all([dynamo?.close(), ses?.close()]);
  });

  it("keeps the SES schemas of operations it never calls out of every bundle (infra/build/trims.ts)", () => {
    for (const bundle of built) {
      for (const file of readdirSync(bundle.dir).filter((f) => f.endsWith(".mjs")))
        expect(readFileSync(join(bundle.dir, file), "utf8"), `${bundle.name}/${file}`).not.toContain(
          "CreateContactListRequest",
        );
    }
  });

  it("loads the staff e-mails' templates on first use, and sends a signup's e-mails and a desk reminder through SES", async () => {
    const notify = byName("notify");
    const startup = readdirSync(notify.dir).filter(
      (file) => file.endsWith(".mjs") && !notify.lazyChunks.includes(file),
    );
    for (const file of startup)
      expect(readFileSync(join(notify.dir, file), "utf8"), file).not.toContain("Reply due soon");
    const envelope = (type: string, id: string, data: unknown) => ({
      messageId: id,
      body: JSON.stringify({ type, version: 1, id, occurredAt: "2026-01-05T15:00:00.000Z", data }),
      attributes: { ApproximateReceiveCount: "1" },
    });
    const signup = {
      id: "sig-notify-1",
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      teamSize: "solo",
      productLines: "single",
      createdAt: "2026-01-05T15:00:00.000Z",
    };
    const lead = { kind: "signup", id: signup.id, name: "Ada Lovelace", dueAt: "2026-01-06T15:00:00.000Z" };
    await ses.clear(); // aws-ses-v2-local keeps one inbox per process, shared with the mailer test above
    const answer = await invokeInChild(
      notify.dir,
      {
        Records: [
          envelope("signup.created", "evt-notify-1", signup),
          envelope("desk.reminder", "evt-notify-2", { owner: "ann", email: "ann@example.com", lead }),
        ],
      },
      {
        ...functionEnvironmentFor("notify", { tables: dynamo.tables }),
        // The local runtime's stand-in for the session key (the erasure marker's keyed reference).
        SESSION_SECRET: "0".repeat(64),
        STAFF_INBOX: "staff@example.com",
        SENDER_ADDRESS: "hello@example.com",
        AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
        AWS_ENDPOINT_URL_SESV2: ses.endpoint,
      },
    );
    expect(answer).toEqual({ batchItemFailures: [] });
    const sent = (await ses.emails()).map((email) => `${email.destination.to} ${email.subject}`).sort();
    expect(sent).toEqual([
      "ada@example.com Thanks for your interest in RepDesk",
      "ann@example.com Reply due soon: Ada Lovelace",
      "staff@example.com New signup: Ada Lovelace (Solo (Just me), Single Line)",
    ]);
  });
});

describe("the enrich bundle and its geo-IP database", () => {
  let dynamo: TestDynamo;
  beforeAll(async () => {
    dynamo = await startDynalite();
  });
  afterAll(async () => {
    await dynamo?.close();
  });

  it("ships geoip-country's package.json and both databases beside the code", () => {
    const enrich = byName("enrich");
    for (const file of ["geoip-country/package.json", ...GEOIP_DATA_FILES.map((f) => `geoip-country/${f}`)]) {
      expect(existsSync(join(enrich.dir, file)), file).toBe(true);
    }
    expect(Object.keys(byName("signup").metafile.inputs).some((p) => p.includes("geoip-country"))).toBe(
      false,
    );
  });

  it("looks 8.8.8.8 up as US when the bundled handler processes a signup.created message", async () => {
    const signup = {
      id: "sig-geo-1",
      kind: "signup",
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      teamSize: "solo",
      productLines: "single",
      createdAt: "2026-01-01T00:00:00.000Z",
    };
    await dynamo.db.send(new PutCommand({ TableName: dynamo.tables.signups, Item: signup }));
    const { kind: _kind, ...data } = signup;
    const message = {
      type: "signup.created",
      version: 1,
      id: "evt-geo-1",
      occurredAt: "2026-01-01T00:00:00.000Z",
      data: { ...data, ipAddress: "8.8.8.8" },
    };
    const answer = await invokeInChild(
      byName("enrich").dir,
      {
        Records: [
          { messageId: "m1", body: JSON.stringify(message), attributes: { ApproximateReceiveCount: "1" } },
        ],
      },
      // OUTBOX_TABLE: the enrichment writes its signup.enriched event with the update (docs/decisions/0091).
      {
        AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
        SIGNUPS_TABLE: dynamo.tables.signups,
        OUTBOX_TABLE: dynamo.tables.outbox,
      },
    );
    expect(answer).toEqual({ batchItemFailures: [] });
    const stored = await dynamo.db.send(
      new GetCommand({ TableName: dynamo.tables.signups, Key: { id: signup.id } }),
    );
    expect(stored.Item).toMatchObject({ ipAddress: "8.8.8.8", countryCode: "US" });
  });
});
