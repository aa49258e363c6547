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

/** Every event that travels on the queues. */
export const DomainEvent = z.discriminatedUnion("type", [SignupCreated, ContactReceived]);
export type SignupCreated = z.infer<typeof SignupCreated>;
export type ContactReceived = z.infer<typeof ContactReceived>;
export type DomainEvent = z.infer<typeof DomainEvent>;
export type DomainEventType = DomainEvent["type"];
