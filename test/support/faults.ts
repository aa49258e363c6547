/**
 * Shared by the fault tests (test/integration/faults-*.test.ts): a runtime with LOCAL_FAULTS=1, the
 * run-time switches of infra/local/faults.ts (POST/GET /__local/faults), and signups over real HTTP
 * that remember what the client was told.
 */
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { afterEach } from "vitest";
import type { FaultReport } from "../../infra/local/faults";
import { personAddress, signupBody } from "../bench/api";
import type { Accepted } from "../bench/load";
import { type RuntimeProcess, startRuntime } from "./runtime";

/** A public address the local geo lookup knows, so that enrichment sets a country. */

export function startFaultRuntime(env: Record<string, string> = {}): Promise<RuntimeProcess> {
  return startRuntime({
    env: { WEB_DIST_DIR: "/nonexistent-dist", TRUST_VIEWER_ADDRESS: "1", LOCAL_FAULTS: "1", ...env },
  });
}

/**
 * For test files that start one runtime per test: call once at the top of the file, then wrap each
 * started runtime (`const target = stopAfterEach(await startFaultRuntime())`); it is stopped after
 * its test, whatever the test's outcome.
 */
export function runtimePerTest(): <T extends { stop(): Promise<unknown> }>(started: T) => T {
  let current: { stop(): Promise<unknown> } | undefined;
  afterEach(async () => {
    await current?.stop();
    current = undefined;
  });
  return (started) => {
    current = started;
    return started;
  };
}

/** POST /__local/faults?dynamo=down ...; the report after the switch. */
export async function setFaults(
  runtime: RuntimeProcess,
  switches: {
    dynamo?: "up" | "down" | "hang";
    publisher?: "up" | "down" | "lost-ack";
    ses?: "up" | "refuse";
    dns?: "up" | "silent";
  },
): Promise<FaultReport> {
  const query = new URLSearchParams(switches as Record<string, string>).toString();
  const response = await fetch(`${runtime.url}/__local/faults?${query}`, { method: "POST" });
  if (!response.ok) throw new Error(`POST /__local/faults?${query} answered ${response.status}`);
  return (await response.json()) as FaultReport;
}

export async function faultReport(runtime: RuntimeProcess): Promise<FaultReport> {
  const response = await fetch(`${runtime.url}/__local/faults`);
  if (!response.ok) throw new Error(`GET /__local/faults answered ${response.status}`);
  return (await response.json()) as FaultReport;
}

export interface SignupAnswer {
  email: string;
  submissionId: string;
  body: string;
  status: number;
  headers: Headers;
  json: Record<string, unknown> | undefined;
  ms: number;
}

/** POST /api/signup (a fresh body, or `body` again to retry the same submission). */
export async function postSignup(
  runtime: RuntimeProcess,
  body: string = signupBody(),
): Promise<SignupAnswer> {
  const parsed = JSON.parse(body) as { email: string; submissionId: string };
  const started = performance.now();
  const response = await fetch(`${runtime.url}/api/signup`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "cloudfront-viewer-address": personAddress(),
    },
    body,
  });
  const text = await response.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  return {
    email: parsed.email,
    submissionId: parsed.submissionId,
    body,
    status: response.status,
    headers: response.headers,
    json,
    ms: performance.now() - started,
  };
}

/** `count` signups one after another; the 201s are added to `accepted`. */
export async function postSignups(
  runtime: RuntimeProcess,
  count: number,
  accepted?: Accepted,
): Promise<SignupAnswer[]> {
  const answers: SignupAnswer[] = [];
  for (let index = 0; index < count; index += 1) {
    const answer = await postSignup(runtime);
    if (answer.status === 201) accepted?.signups.add(answer.email);
    answers.push(answer);
  }
  return answers;
}

export function newAccepted(): Accepted {
  return { signups: new Set(), contacts: 0 };
}

/** Every item of a table (read straight from dynalite, not through the fault proxies). */
export async function scanAll(
  runtime: RuntimeProcess,
  table: "signups" | "contacts" | "outbox" | "ephemeral",
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await runtime.db.send(
      new ScanCommand({ TableName: runtime.table(table), ConsistentRead: true, ExclusiveStartKey: startKey }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** What the data and the inbox hold of these signups: records (by e-mail), outbox events, e-mails. */
export async function traces(
  runtime: RuntimeProcess,
  emails: readonly string[],
): Promise<{ records: number; events: number; emails: number }> {
  const wanted = new Set(emails);
  const records = (await scanAll(runtime, "signups")).filter((item) => wanted.has(String(item.email)));
  const events = (await scanAll(runtime, "outbox")).filter((item) =>
    [...wanted].some((email) => String(item.event).includes(email)),
  );
  const inbox = (await runtime.emails()).filter((email) => email.destination.to.some((to) => wanted.has(to)));
  return { records: records.length, events: events.length, emails: inbox.length };
}
