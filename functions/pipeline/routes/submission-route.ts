/**
 * One HTTP flow for both forms (POST /api/signup, POST /api/contact):
 * standard stack (functions/lib/http: size, media type, JSON) -> per-IP rate limit ->
 * validate -> the spam judge (functions/pipeline/spam/judge.ts) -> store record (with the verdict)
 * + event in one transaction -> 201 { ok: true, id }. A spam verdict stores the lead held, without
 * its event (docs/decisions/0150-quarantine-as-spam-status.md); the answer is the same.
 * The limit comes before validation: cheap checks first, and a client sending invalid bodies is
 * throttled like any other (docs/decisions/0050-linear-validation.md).
 */
import type * as z from "zod";
import type { SourceTouch } from "../../../events/lead-source";
import { droppedSourceValues } from "../../../events/lead-source-rules";
import { HONEYPOT_FIELD } from "../../../events/options";
import { type Clock, type IdGenerator, randomId, systemClock } from "../../lib/clock";
import { createDocumentClient } from "../../lib/dynamo";
import { once, optionalEnv, requireEnv } from "../../lib/env";
import { type ApiRequest, httpApi, jsonResponse, tooManyRequests, validateBody } from "../../lib/http";
import { clientNetwork, isPublicAddress } from "../../lib/ip-address";
import { createLogger, describeError } from "../../lib/log";
import { hitRateLimit } from "../../lib/rate-limit";
import type { TableKey } from "../../model/tables";
import { tableName } from "../../model/tables";
import { edgeSignalsOf } from "../spam/edge-signals";
import { judgeSubmission, type SpamDeps } from "../spam/judge";
import { dnsMailExchanger, type ResolveMx } from "../spam/mail-exchanger";
import {
  type AcceptedSubmission,
  isHoneypotFilled,
  type SubmissionDeps,
  type SubmissionMeta,
} from "../submissions";

const log = createLogger({ route: "submission" });

export interface SubmissionRouteDeps extends SubmissionDeps {
  readonly ephemeralTable: string;
  /** Submissions per client IP per minute, both forms together; 0 = no limit. */
  readonly submissionsPerMinute: number;
  /** Asks DNS whether an address's domain takes mail; absent: the judge does not ask. */
  readonly resolveMx?: ResolveMx;
  /** The most the spam judge's burst count may hold a submission (SPAM_BURST_TIMEOUT_MS). */
  readonly burstTimeoutMs?: number;
}

export interface SubmissionRoute<S extends z.ZodType> {
  readonly route: string;
  readonly schema: S;
  readonly recordsTable: TableKey;
  readonly accept: (
    deps: SubmissionDeps,
    input: z.infer<S>,
    meta: SubmissionMeta,
  ) => Promise<AcceptedSubmission>;
}

/** Dependencies from the environment, created on first use and kept for the life of the container. */
export function depsFromEnvironment(
  recordsTable: TableKey,
  overrides: { clock?: Clock; newId?: IdGenerator } = {},
) {
  return once<SubmissionRouteDeps>(() => ({
    // A person waits for this answer: at most two 2-second attempts (a single-item write takes
    // milliseconds), then 503 with Retry-After — about 4 s when DynamoDB does not answer at all.
    db: createDocumentClient({ requestTimeoutMs: 2_000, maxAttempts: 2 }),
    clock: overrides.clock ?? systemClock,
    newId: overrides.newId ?? randomId,
    tables: {
      records: tableName(recordsTable),
      outbox: tableName("outbox"),
      audit: tableName("audit"),
      ephemeral: tableName("ephemeral"),
    },
    ephemeralTable: tableName("ephemeral"),
    submissionsPerMinute: requireEnv("SUBMISSIONS_PER_MINUTE"),
    // On in AWS; the local runtime turns it off (docs/decisions/0152-judge-wiring.md).
    ...((optionalEnv("SPAM_MX_LOOKUP") ?? true) ? { resolveMx } : {}),
    ...spamBurstTimeout(),
    retentionDays: requireEnv("RETENTION_DAYS"),
  }));
}

function spamBurstTimeout(): { burstTimeoutMs?: number } {
  const burstTimeoutMs = optionalEnv("SPAM_BURST_TIMEOUT_MS");
  return burstTimeoutMs === undefined ? {} : { burstTimeoutMs };
}

/**
 * The mail-exchanger lookup, one per container: its authoritative answers are cached per resolver
 * (functions/pipeline/spam/mail-exchanger.ts), so a new one per request would ask DNS every time.
 */
const resolveMx = dnsMailExchanger();

/**
 * The judge's verdict on a valid submission. A judge that fails (a lookup it depends on) must not
 * lose a person's submission: it is stored unjudged, as before the judge, and the failure logged.
 *
 * The signals that look outside the submission — the burst count of the client's network and the
 * DNS lookup of the address's domain — are asked only for a public client address. In AWS every
 * client is one (CloudFront's viewer address); a loopback or private one exists only in the local
 * runtime and its tests, which post many submissions from 127.0.0.1: a burst there would hold a
 * test's ordinary submissions. The local runtime also turns the DNS lookup off for every client
 * (SPAM_MX_LOOKUP=false: its addresses are example ones, which take no mail, and its machine may
 * have no DNS), since its tests may give a public viewer address (docs/decisions/0152-judge-wiring.md).
 */
async function verdictOf<S extends z.ZodType>(
  deps: SubmissionRouteDeps,
  definition: SubmissionRoute<S>,
  request: ApiRequest,
  input: z.infer<S>,
) {
  const fields = input as Record<string, unknown>;
  const outside = isPublicAddress(request.clientIp);
  const spamDeps: SpamDeps = outside
    ? {
        db: deps.db,
        ephemeralTable: deps.ephemeralTable,
        clock: deps.clock,
        resolveMx: deps.resolveMx,
        ...(deps.burstTimeoutMs === undefined ? {} : { burstTimeoutMs: deps.burstTimeoutMs }),
      }
    : { clock: deps.clock };
  try {
    return await judgeSubmission(spamDeps, {
      kind: definition.route.endsWith("/signup") ? "signup" : "contact",
      fields,
      email: String(fields.email ?? ""),
      honeypotFilled: isHoneypotFilled(request.body?.[HONEYPOT_FIELD]),
      ...edgeSignalsOf(request, fields),
      ...(outside && request.clientIp ? { network: clientNetwork(request.clientIp) } : {}),
    });
  } catch (error) {
    log.error("spam judge failed; stored unjudged", { reason: describeError(error) });
    return undefined;
  }
}

export function submissionHandler<S extends z.ZodType>(
  definition: SubmissionRoute<S>,
  getDeps: () => SubmissionRouteDeps = depsFromEnvironment(definition.recordsTable),
) {
  return httpApi({ route: definition.route }, async (request) => {
    const deps = getDeps();
    const decision = await hitRateLimit(
      { db: deps.db, ephemeralTable: deps.ephemeralTable, clock: deps.clock },
      {
        scope: "submissions",
        subject: clientNetwork(request.clientIp ?? "unknown"),
        limit: deps.submissionsPerMinute,
      },
    );
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);

    const input = validateBody(request, definition.schema) as z.infer<S>;
    // A bad source value is dropped, never a reason to refuse the lead (events/lead-source-rules.ts):
    // the log line names what was dropped.
    const dropped = droppedSourceValues(request.body?.source, (input as { source?: SourceTouch }).source);
    if (dropped.length > 0) request.logFields.sourceDropped = dropped.join(",");

    const verdict = await verdictOf(deps, definition, request, input);
    const accepted = await definition.accept(deps, input, {
      ...(request.clientIp ? { ipAddress: request.clientIp } : {}),
      ...(verdict ? { verdict } : {}),
    });
    // The same answer, held or not: a bot learns nothing (a server-issued id, like every answer).
    Object.assign(request.logFields, {
      id: accepted.id,
      reason: accepted.duplicate ? "duplicate_submission" : verdict?.spam ? "quarantined" : "accepted",
      ...(verdict?.spam ? { spamReasons: verdict.reasons.map((reason) => reason.code).join(",") } : {}),
    });
    return jsonResponse(201, { ok: true, id: accepted.id });
  });
}
