import * as z from "zod";
import { ContactMessage } from "./contact";
import { isoDateTime } from "./fields";
import { Signup } from "./signup";

function envelope<const T extends string, D extends z.ZodType>(type: T, data: D) {
  return z.object({
    type: z.literal(type),
    version: z.literal(1),
    /** Unique per event; consumers use it to recognise a redelivery. */
    id: z.string().min(1),
    occurredAt: isoDateTime,
    data,
  });
}

export const SignupCreated = envelope("signup.created", Signup);
export const ContactReceived = envelope("contact.received", ContactMessage);

/**
 * A staff account locked for a while by repeated wrong passwords (functions/auth/attack-alert.ts).
 * The notify worker e-mails the account's owner; nothing typed at the sign-in travels here.
 */
export const AccountLockedData = z.object({
  /** The account's stored username. */
  username: z.string().min(1).max(128),
  /** The owner's address on the account; absent: the staff inbox is told instead. */
  email: z.string().max(254).optional(),
  /** The address the failed sign-ins came from (as the API saw it). */
  ip: z.string().max(64).optional(),
  lockedAt: isoDateTime,
  lockedMinutes: z.number().int().positive(),
});
export type AccountLockedData = z.infer<typeof AccountLockedData>;
export const AccountLocked = envelope("staff.account-locked", AccountLockedData);

/** Every event that travels on the queues. */
export const DomainEvent = z.discriminatedUnion("type", [SignupCreated, ContactReceived, AccountLocked]);
export type AccountLocked = z.infer<typeof AccountLocked>;
export type SignupCreated = z.infer<typeof SignupCreated>;
export type ContactReceived = z.infer<typeof ContactReceived>;
export type DomainEvent = z.infer<typeof DomainEvent>;
export type DomainEventType = DomainEvent["type"];
