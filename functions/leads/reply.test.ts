/**
 * Which failure of a reply answers 502 "could not be sent": only SES not taking the e-mail. A
 * DynamoDB failure (a request timing out on a busy machine, before or after the e-mail went out)
 * answers as on every other route: 503 with Retry-After when transient, else 500.
 */

import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { errorToResponse } from "../lib/http/api";
import { HttpError } from "../lib/http/errors";
import type { Mailer } from "../lib/mailer";
import { SIGNUP_KIND } from "../model/lead-kinds";
import { ReplyNotSent, sendReply } from "./reply";
import { replyFailure } from "./routes/reply-routes";

const INPUT = {
  id: "lead-1",
  idempotencyKey: "key-123456789",
  subject: "Re: your inquiry",
  body: "Hi",
  actor: "ada",
  replyTo: "ada@example.com",
  senderAddress: "desk@example.com",
};
const LEAD = {
  id: "lead-1",
  kind: SIGNUP_KIND.kind,
  createdAt: "2026-11-20T10:00:00.000Z",
  email: "pat@example.com",
  status: "new",
};

/** The SDK's error for a request past its requestTimeout (functions/lib/request-handler.ts). */
function timeout(): Error {
  const error = new Error("Request did not complete within 3000 ms");
  error.name = "TimeoutError";
  return Object.assign(error, { $metadata: {}, code: "ETIMEDOUT" });
}

function deps(send: (command: unknown) => Promise<unknown>, mailer: Mailer) {
  return {
    db: { send } as unknown as DynamoDBDocumentClient,
    tables: { records: "signups", audit: "audit" },
    clock: () => new Date("2026-11-20T12:00:00.000Z"),
    mailer,
    newToken: () => "token-1",
  };
}

const mailerOk: Mailer = { send: async () => ({ messageId: "m-1" }) };

describe("a failed reply's answer", () => {
  it("is 502 'could not be sent' when SES does not take the e-mail", async () => {
    const refused = Object.assign(new Error("Sending paused"), { name: "SendingPausedException" });
    const failing: Mailer = { send: async () => Promise.reject(refused) };
    const db = async (command: unknown) => (command instanceof GetCommand ? { Item: LEAD } : {});
    const error = await sendReply(deps(db, failing), SIGNUP_KIND, INPUT).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ReplyNotSent);
    const fields: Record<string, string> = {};
    const { response, reason } = errorToResponse(replyFailure(fields, error));
    expect(response.statusCode).toBe(502);
    expect(reason).toBe("reply_not_sent");
    expect(fields.sendError).toBe("SendingPausedException");
  });

  it("is 503, not 502, when DynamoDB times out before the e-mail goes out", async () => {
    const db = async () => Promise.reject(timeout());
    const error = await sendReply(deps(db, mailerOk), SIGNUP_KIND, INPUT).catch((thrown: unknown) => thrown);
    expect(error).not.toBeInstanceOf(ReplyNotSent);
    const { response } = errorToResponse(replyFailure({}, error));
    expect(response.statusCode).toBe(503);
  });

  it("is 503, not 'nothing was recorded', when recording times out after the e-mail went out", async () => {
    let sent = 0;
    const mailer: Mailer = {
      send: async () => {
        sent += 1;
        return {};
      },
    };
    const db = async (command: unknown) => {
      if (command instanceof GetCommand) return { Item: LEAD };
      if (sent > 0) throw timeout();
      return {};
    };
    const error = await sendReply(deps(db, mailer), SIGNUP_KIND, INPUT).catch((thrown: unknown) => thrown);
    expect(sent).toBe(1);
    const { response } = errorToResponse(replyFailure({}, error));
    expect(response.statusCode).toBe(503);
    expect(response.body).not.toMatch(/nothing was recorded/);
  });

  it("passes an HTTP error through as it is, and anything else to the envelope's 500", () => {
    const refusal = new HttpError(409, { error: "No" }, {}, "refused");
    expect(replyFailure({}, refusal)).toBe(refusal);
    expect(errorToResponse(replyFailure({}, new Error("bug"))).response.statusCode).toBe(500);
  });
});
