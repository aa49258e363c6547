/**
 * The quarantine (docs/decisions/0150-quarantine-as-spam-status.md): what a lead stores of the
 * server's spam verdict (events/spam.ts), whether it is held, who released it, and the Spam list's
 * texts. A held lead is stored and answered like any other, and sent nowhere until staff release it
 * with "Not spam" (POST /api/admin/desk/not-spam).
 */
import * as z from "zod";
import "./jitless";
import { isoDateTime } from "./fields";
import { SPAM_REASON_CODES } from "./spam";

/** Days after which a held lead is deleted (DynamoDB TTL on `expiresAt`); a release gives the stage's period. */
export const QUARANTINE_DAYS = 30;

/** The verdict as a lead stores it: the score, the reasons and when it was judged. */
export const StoredSpamCheck = z.object({
  score: z.number(),
  reasons: z.array(z.object({ code: z.enum(SPAM_REASON_CODES), detail: z.string().optional() })),
  judgedAt: isoDateTime,
});
export type StoredSpamCheck = z.infer<typeof StoredSpamCheck>;

export const QUARANTINE_STATES = ["held", "released"] as const;
export type QuarantineState = (typeof QUARANTINE_STATES)[number];

/**
 * Quarantine fields stored on a signup or contact message (absent on leads never judged), each
 * described with the system's fields in ./lead-fields.ts (the details, the CSV, the export).
 */
export const quarantineFields = {
  spamCheck: StoredSpamCheck.optional(),
  /** "held": quarantined, nothing sent yet; "released": staff said Not spam. */
  quarantine: z.enum(QUARANTINE_STATES).optional(),
  releasedAt: isoDateTime.optional(),
  releasedBy: z.string().optional(),
};

/** Body of POST /api/admin/desk/not-spam. */
export const NotSpamRequest = z.object({
  kind: z.enum(["signup", "contact"], { error: "kind must be signup or contact" }),
  id: z.string({ error: "id is required" }).min(1, { error: "id is required" }).max(200),
});
export type NotSpamRequest = z.infer<typeof NotSpamRequest>;

/**
 * The answer: "released" for the one request that released the lead, "already" for every other
 * (a double click, a second member at the same moment, a lead that was never held).
 */
export const NotSpamResponse = z.object({
  outcome: z.enum(["released", "already"]),
  status: z.string(),
});
export type NotSpamResponse = z.infer<typeof NotSpamResponse>;

export const SPAM_TEXTS = {
  title: "Spam",
  intro:
    "Submissions held as spam: stored, but nobody was alerted, no acknowledgement was sent and no reply is due. They are deleted 30 days after they arrive. Not spam releases a lead to the desk.",
  notSpam: "Not spam",
  releasing: "Releasing...",
  released: "Released: the lead is in the list and its e-mails are on their way.",
  reasons: "Reasons",
  markedByHand: "Marked as spam by staff",
  empty: "No spam held",
  loading: "Loading spam...",
  link: "Spam",
} as const;
