/**
 * The reply templates of the lead desk: a starting text per template, rendered for one lead and
 * then edited by staff in the page before sending. Each greets the prospect by first name under
 * the acknowledgement e-mail's safe-greeting rule (docs/decisions/0052-acknowledgement-emails.md)
 * and offers the stage's booking link (infra/stages.ts `bookingUrl`, BOOKING_URL) when it has one.
 */
import type { ReplyTemplate, ReplyTemplateId } from "../../events/desk";
import { BRAND, greetingName } from "../model/mail/templates";

export interface ReplyTemplateInput {
  readonly firstName: string;
  /** The stage's booking page; absent: the text asks the prospect for times instead. */
  readonly bookingUrl?: string;
}

const SIGN_OFF = `Best regards,\nThe ${BRAND} team`;

function greeting(firstName: string): string {
  const name = greetingName(firstName);
  return name ? `Hi ${name},` : "Hi there,";
}

const TEMPLATES: Record<
  ReplyTemplateId,
  { label: string; subject: string; body: (input: ReplyTemplateInput) => string }
> = {
  "first-reply": {
    label: "First reply",
    subject: `Your ${BRAND} inquiry`,
    body: ({ bookingUrl }) =>
      `Thank you for your interest in ${BRAND}. I'm your point of contact here and happy to help you get started.\n\n` +
      "What would be most useful to you right now: a walkthrough of the order workflow, pricing for your team, or help with something specific?" +
      (bookingUrl
        ? `\n\nIf you'd rather talk it through, you can book a time that suits you here: ${bookingUrl}`
        : ""),
  },
  "book-demo": {
    label: "Book a demo",
    subject: `Let's book your ${BRAND} demo`,
    body: ({ bookingUrl }) =>
      `The quickest way to see how ${BRAND} fits your lines is a short live demo.\n\n` +
      (bookingUrl
        ? `Pick a time that suits you here: ${bookingUrl}`
        : "Reply with a few times that suit you and I'll send you an invitation."),
  },
  "follow-up": {
    label: "Follow-up",
    subject: `Following up on your ${BRAND} inquiry`,
    body: ({ bookingUrl }) =>
      "I wanted to follow up on my earlier message. Is there anything I can answer for you, or would a short call help?" +
      (bookingUrl
        ? `\n\nYou can book a time here: ${bookingUrl}`
        : "\n\nJust reply to this e-mail and I'll get back to you."),
  },
};

/** Every template, rendered for one lead. */
export function renderReplyTemplates(input: ReplyTemplateInput): ReplyTemplate[] {
  return (Object.keys(TEMPLATES) as ReplyTemplateId[]).map((id) => {
    const template = TEMPLATES[id];
    return {
      id,
      label: template.label,
      subject: template.subject,
      body: `${greeting(input.firstName)}\n\n${template.body(input)}\n\n${SIGN_OFF}`,
    };
  });
}
