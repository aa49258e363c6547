/**
 * The reply routes of the lead desk (docs/decisions/0068-replies.md), thin: parse, call
 * functions/leads/reply.ts or reply-templates.ts, map to HTTP. Apart from the other desk routes
 * so that only this function bundles the e-mail code.
 */
import * as z from "zod";
import "../../../events/jitless";
import { LEAD_KINDS, ReplyRequest } from "../../../events/desk";
import { randomId } from "../../lib/clock";
import { optionalEnv, requireEnv } from "../../lib/env";
import { HttpError, httpApi, httpRoutes, invalidFields, jsonResponse, validateBody } from "../../lib/http";
import type { LogFields } from "../../lib/log";
import { sesMailer } from "../../model/mail/staff-mail";
import { requireSession, signedInUser } from "../../model/staff/http-session";
import { readLead } from "../lead-desk";
import { ReplyNotSent, sendReply } from "../reply";
import { renderReplyTemplates } from "../reply-templates";
import { deskDeps, heldRefusal, KINDS, linkedRefusal, notFound, withOutbox } from "./desk-routes";

const NO_STAFF_EMAIL =
  "Your account has no e-mail address. Add one to your account first: replies are answered to it.";

/**
 * What a failed sendReply answers: 502 "could not be sent" only when SES did not take the e-mail
 * (nothing was sent or recorded, so "Try again" is right). Anything else, e.g. DynamoDB timing out
 * before or after the e-mail went out, goes to the envelope as it is: 503 with Retry-After for a
 * transient failure, else 500 (functions/lib/http/api.ts), never a "nothing was recorded" that may
 * be false.
 */
export function replyFailure(logFields: LogFields, error: unknown): unknown {
  if (!(error instanceof ReplyNotSent)) return error;
  logFields.sendError = error.cause instanceof Error ? error.cause.name : "unknown";
  return new HttpError(
    502,
    { error: "The e-mail could not be sent, and nothing was recorded. Please try again." },
    {},
    "reply_not_sent",
  );
}

/** POST /api/admin/desk/reply: one e-mail to the lead, once per idempotency key (docs/decisions/0068-replies.md). */
export function replyHandler() {
  return httpApi(
    { route: "POST /api/admin/desk/reply", extraMiddlewares: [requireSession()] },
    async (request) => {
      const input = validateBody(request, ReplyRequest);
      const user = signedInUser(request);
      if (!user.email) throw new HttpError(409, { error: NO_STAFF_EMAIL }, {}, "no_staff_email");
      const { lead } = KINDS[input.kind];
      request.logFields.target = input.id.slice(0, 100);
      const mailer = await sesMailer();
      const outcome = await sendReply({ ...withOutbox(deskDeps(lead)), mailer, newToken: randomId }, lead, {
        id: input.id,
        idempotencyKey: input.idempotencyKey,
        subject: input.subject,
        body: input.body,
        actor: user.username,
        replyTo: user.email,
        senderAddress: requireEnv("SENDER_ADDRESS"),
      }).catch((error: unknown) => {
        throw replyFailure(request.logFields, error);
      });
      if (outcome.ok)
        return jsonResponse(outcome.alreadySent ? 200 : 201, {
          entry: outcome.entry,
          alreadySent: outcome.alreadySent,
        });
      if (outcome.reason === "notFound") throw notFound(lead.kind);
      if (outcome.reason === "linked") throw linkedRefusal();
      if (outcome.reason === "held") throw heldRefusal();
      if (outcome.reason === "undeliverable")
        throw new HttpError(
          409,
          { error: "This lead's e-mail address cannot receive e-mail." },
          {},
          "undeliverable",
        );
      throw new HttpError(409, { error: "This reply is already being sent." }, {}, "reply_in_progress");
    },
  );
}

const ReplyTemplatesQuery = z.object({ kind: z.enum(LEAD_KINDS), id: z.string().min(1).max(200) });

/** GET /api/admin/desk/reply-templates?kind=&id=: the reply templates rendered for that lead. */
export function replyTemplatesHandler() {
  return httpApi(
    { route: "GET /api/admin/desk/reply-templates", extraMiddlewares: [requireSession()] },
    async (request) => {
      const query = ReplyTemplatesQuery.safeParse(request.event.queryStringParameters ?? {});
      if (!query.success) throw invalidFields({ id: "Give kind (signup or contact) and id" });
      const { lead } = KINDS[query.data.kind];
      const item = await readLead(deskDeps(lead), lead, query.data.id);
      if (!item) throw notFound(lead.kind);
      const bookingUrl = optionalEnv("BOOKING_URL");
      const templates = renderReplyTemplates({
        firstName: typeof item.firstName === "string" ? item.firstName : "",
        ...(bookingUrl ? { bookingUrl } : {}),
      });
      return jsonResponse(200, {
        templates,
        to: typeof item.email === "string" ? item.email : null,
        replyTo: signedInUser(request).email ?? null,
      });
    },
  );
}

/** The `admin-desk-reply` function of functions/registry.ts: a reply and its templates. */
export const deskReply = /* @__PURE__ */ httpRoutes({
  "POST /api/admin/desk/reply": replyHandler(),
  "GET /api/admin/desk/reply-templates": replyTemplatesHandler(),
});
