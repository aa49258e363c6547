/**
 * The Privacy page's API (docs/decisions/0095-privacy-requests.md), Admin only on every request
 * (the role is read from the account), every request audited with the address's keyed reference:
 *   POST /api/privacy/find      { email }                           the summary per category
 *   POST /api/privacy/export    { email }                           one JSON file (events/privacy.ts)
 *   POST /api/privacy/erase     { email, confirmEmail, password }   erase everything
 *   GET  /api/privacy/settings                                      the stage's retention period
 * The address travels in a body, never in a URL: it stays out of access logs and browser history.
 */
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import {
  PRIVACY_TEXTS,
  PrivacyEraseRequest,
  type PrivacyErasure,
  PrivacyLookupRequest,
  type PrivacySummary,
} from "../../../events/privacy";
import { systemClock } from "../../lib/clock";
import { requireEnv } from "../../lib/env";
import {
  type ApiRequest,
  httpApi,
  httpRoutes,
  invalidFields,
  jsonResponse,
  validateBody,
} from "../../lib/http";
import { HttpError } from "../../lib/http/errors";
import { type AuditAction, auditItem } from "../../model/audit";
import { sameAddress } from "../../model/identity";
import { documentClient } from "../../model/staff/clients";
import { requireSession, signedInUser } from "../../model/staff/http-session";
import { stageErasureKey } from "../../model/staff/session-key";
import { tableName } from "../../model/tables";
import type { PrivacyDeps } from "../find";

const adminOnly = () => [requireSession({ role: "admin" })];

async function privacyDeps(): Promise<PrivacyDeps> {
  return {
    db: documentClient(),
    clock: systemClock,
    key: await stageErasureKey(),
    tables: {
      signups: tableName("signups"),
      contacts: tableName("contacts"),
      audit: tableName("audit"),
      ephemeral: tableName("ephemeral"),
      outbox: tableName("outbox"),
      users: tableName("users"),
      authState: tableName("authState"),
      deliveries: tableName("deliveries"),
      invitations: tableName("invitations"),
    },
  };
}

/** Who asked about which address (only its keyed reference), when, from where. */
async function audited(deps: PrivacyDeps, request: ApiRequest, action: AuditAction, reference: string) {
  await deps.db.send(
    new PutCommand({
      TableName: deps.tables.audit,
      Item: auditItem({
        action,
        actor: signedInUser(request).username,
        at: deps.clock(),
        ...(request.clientIp ? { ip: request.clientIp } : {}),
        details: { reference },
      }),
    }),
  );
}

async function lookUp(request: ApiRequest, action: "privacy.find" | "privacy.export") {
  const { email } = validateBody(request, PrivacyLookupRequest);
  const deps = await privacyDeps();
  // Loaded on the request that needs it, like the export and the erasure: the search and what it
  // reads (every lead kind, timelines, deliveries) stay out of the cold start of every route here.
  const { findHoldings } = await import("../find");
  const holdings = await findHoldings(deps, email);
  await audited(deps, request, action, holdings.reference);
  return { deps, holdings, email };
}

const privacyRead = {
  "POST /api/privacy/find": httpApi(
    { route: "POST /api/privacy/find", extraMiddlewares: adminOnly() },
    async (request) => {
      const { holdings } = await lookUp(request, "privacy.find");
      const { countsOf } = await import("../report");
      const summary: Omit<PrivacySummary, "retentionDays"> = {
        counts: countsOf(holdings),
        partial: holdings.partial,
        ...(holdings.erasedAt ? { erasedAt: holdings.erasedAt } : {}),
      };
      return jsonResponse(200, summary);
    },
  ),
  "POST /api/privacy/export": httpApi(
    { route: "POST /api/privacy/export", extraMiddlewares: adminOnly() },
    async (request) => {
      const { deps, holdings, email } = await lookUp(request, "privacy.export");
      // Rarer than a find: the download's code loads on first use (docs/decisions/0078).
      const { exportOf } = await import("../export");
      return jsonResponse(200, exportOf(holdings, email, deps.clock()), {
        "content-disposition": 'attachment; filename="privacy-export.json"',
      });
    },
  ),
};

export const handler = httpRoutes({
  ...privacyRead,
  "GET /api/privacy/settings": httpApi(
    { route: "GET /api/privacy/settings", extraMiddlewares: adminOnly() },
    async () => jsonResponse(200, { retentionDays: requireEnv("RETENTION_DAYS") }),
  ),
  "POST /api/privacy/erase": httpApi(
    { route: "POST /api/privacy/erase", extraMiddlewares: adminOnly() },
    async (request) => {
      const input = validateBody(request, PrivacyEraseRequest);
      if (!sameAddress(input.email, input.confirmEmail))
        throw invalidFields({ confirmEmail: PRIVACY_TEXTS.confirmMismatch });
      // Erasing is rarer still than finding: its code (the password check, every table's delete)
      // loads on first use, so a find or an export does not read it (docs/decisions/0078).
      const [{ checkCurrentPassword, passwordRefused }, { eraseAddress }] = await Promise.all([
        import("../../model/staff/current-password"),
        import("../erase"),
      ]);
      const deps = await privacyDeps();
      const actor = signedInUser(request).username;
      const checked = await checkCurrentPassword(deps, actor, input.password, request.clientIp);
      if (checked.kind !== "ok") throw passwordRefused(checked);
      await checked.reservation.succeeded();
      const outcome = await eraseAddress(deps, {
        email: input.email,
        actor,
        ...(request.clientIp ? { ip: request.clientIp } : {}),
      });
      if (outcome.kind === "staffActive")
        throw new HttpError(409, { error: PRIVACY_TEXTS.staffActive }, {}, "staff_active");
      const answer: PrivacyErasure = {
        erased: outcome.counts,
        reference: outcome.reference,
        erasedAt: deps.clock().toISOString(),
      };
      return jsonResponse(200, answer);
    },
  ),
});
