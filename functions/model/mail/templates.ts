/**
 * The e-mails of the lead pipeline, as plain functions from a record to subject, HTML and text.
 * HTML for e-mail clients: tables and inline styles only, no external resources. Every piece of
 * user-entered text is HTML-escaped; subjects are one line.
 */
// Each events/ module by name, not the index: the notify bundle then leaves out the schemas it never uses.
import type { ContactMessage } from "../../../events/contact";
import { CONTACT_LEAD, fullName, SIGNUP_LEAD } from "../../../events/lead-fields";
import { ackLines, emailLines, type LeadLine } from "../../../events/lead-places";
import {
  CONTACT_SUBJECT_CHOSEN_LABELS,
  type ContactSubject,
  PRODUCT_LINES_LABELS,
  TEAM_SIZE_LABELS,
} from "../../../events/options";
import type { Signup } from "../../../events/signup";
import { formatTeamTime } from "../../../events/team-time";
import { isControlCharacter, trimTrailingSlashes } from "../../../events/text";

export interface RenderedEmail {
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

export const BRAND = "RepDesk";
const COLORS = {
  brand: "#1d4ed8",
  ink: "#0f172a",
  muted: "#475569",
  line: "#e2e8f0",
  page: "#f1f5f9",
} as const;
const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** The promise /signup makes (docs/product/site.md), repeated in the acknowledgement. */
export const SIGNUP_THANK_YOU =
  "Thank you for your interest! We've received your information and will get back to you within 24 hours on weekdays. Keep an eye on your inbox for our response!";
export const SIGNUP_MATCHING =
  "You'll be matched with a customer success representative, who will be your point of contact from here on.";
export const CONTACT_THANK_YOU =
  "Thank you for contacting us! We've received your message and will reply within 24 hours.";

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * A subject line: control characters and line separators (events/text.ts isControlCharacter: CR,
 * LF, tabs, NEL, U+2028 ...) become spaces, runs collapse, at most 200 chars.
 */
export function oneLine(value: string, max = 200): string {
  const flat = Array.from(value, (char) => (isControlCharacter(char.charCodeAt(0)) ? " " : char))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function siteLink(siteUrl: string, path: string): string {
  return `${trimTrailingSlashes(siteUrl)}${path}`;
}

type Row = readonly [label: string, value: string | undefined];

function htmlRows(rows: readonly Row[]): string {
  return rows
    .filter(([, value]) => value !== undefined && value !== "")
    .map(
      ([label, value]) =>
        `<tr><td style="padding:8px 12px 8px 0;border-bottom:1px solid ${COLORS.line};color:${COLORS.muted};font-size:14px;vertical-align:top;white-space:nowrap;">${escapeHtml(label)}</td>` +
        `<td style="padding:8px 0;border-bottom:1px solid ${COLORS.line};color:${COLORS.ink};font-size:14px;vertical-align:top;white-space:pre-wrap;word-break:break-word;">${escapeHtml(value ?? "")}</td></tr>`,
    )
    .join("");
}

function textRows(rows: readonly Row[]): string {
  return rows
    .filter(([, value]) => value !== undefined && value !== "")
    .map(([label, value]) => `${label}: ${value}`)
    .join("\n");
}

export function paragraph(text: string): string {
  return `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${COLORS.ink};">${escapeHtml(text)}</p>`;
}

export function button(href: string, label: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 16px;"><tr><td style="border-radius:6px;background:${COLORS.brand};"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;">${escapeHtml(label)}</a></td></tr></table>`;
}

/** The frame every e-mail shares: brand bar, white card, footer. `body` is trusted HTML. */
export function layout(options: {
  preheader: string;
  heading: string;
  body: string;
  footer: string;
}): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(options.heading)}</title></head>
<body style="margin:0;padding:0;background:${COLORS.page};font-family:${FONT};">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(options.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.page};padding:24px 12px;"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;">
<tr><td style="padding:0 0 16px;font-size:22px;font-weight:700;color:${COLORS.brand};letter-spacing:-0.5px;">${BRAND}</td></tr>
<tr><td style="background:#ffffff;border:1px solid ${COLORS.line};border-radius:8px;padding:32px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:30px;color:${COLORS.ink};">${escapeHtml(options.heading)}</h1>
${options.body}
</td></tr>
<tr><td style="padding:16px 8px;font-size:12px;line-height:18px;color:${COLORS.muted};text-align:center;">${escapeHtml(options.footer)}</td></tr>
</table></td></tr></table>
</body></html>`;
}

function fieldsTable(rows: readonly Row[]): string {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px;">${htmlRows(rows)}</table>`;
}

export function subjectLabel(subject: ContactSubject): string {
  return CONTACT_SUBJECT_CHOSEN_LABELS[subject];
}

/** Rows of a place's lines (events/lead-places.ts): the staff alert's, the acknowledgement's. */
const rowsOf = (lines: readonly LeadLine[]): Row[] => lines.map(({ label, value }) => [label, value]);

/** To the staff inbox: every field and a link to the Command Center. */
export function staffSignupAlert(signup: Signup, siteUrl: string): RenderedEmail {
  const rows = rowsOf(emailLines(SIGNUP_LEAD, signup, formatTeamTime));
  const link = siteLink(siteUrl, "/commandcenter/signups");
  const subject = oneLine(
    `New signup: ${fullName(signup)} (${TEAM_SIZE_LABELS[signup.teamSize]}, ${PRODUCT_LINES_LABELS[signup.productLines]})`,
  );
  return {
    subject,
    html: layout({
      preheader: `${fullName(signup)} signed up on the website.`,
      heading: "New signup",
      body:
        paragraph(
          `${fullName(signup)} signed up on the website. Reply to this e-mail to answer them directly.`,
        ) +
        fieldsTable(rows) +
        button(link, "Open signups in the Command Center"),
      footer: `${BRAND} lead alert. Sent to the staff inbox for every signup.`,
    }),
    text: `New signup\n\n${textRows(rows)}\n\nManage signups: ${link}\n\nReply to this e-mail to answer ${fullName(signup)} directly.\n`,
  };
}

export function staffContactAlert(message: ContactMessage): RenderedEmail {
  const rows = rowsOf(emailLines(CONTACT_LEAD, message, formatTeamTime));
  const subject = oneLine(`New contact message (${subjectLabel(message.subject)}): ${fullName(message)}`);
  return {
    subject,
    html: layout({
      preheader: `${fullName(message)} sent a message through the contact form.`,
      heading: "New contact message",
      body:
        paragraph(
          `${fullName(message)} sent a message through the contact form. Reply to this e-mail to answer them directly.`,
        ) + fieldsTable(rows),
      footer: `${BRAND} lead alert. Sent to the staff inbox for every contact message.`,
    }),
    text: `New contact message\n\n${textRows(rows)}\n\nReply to this e-mail to answer ${fullName(message)} directly.\n`,
  };
}

/** Longest first name an acknowledgement repeats (docs/decisions/0052-acknowledgement-emails.md). */
export const GREETING_NAME_MAX = 40;
/**
 * A word of a name: letters with their marks, joined by an apostrophe or a hyphen ("O'Neil",
 * "Anne-Marie"), or initials ("J.R."). No dot after two letters, so no domain ("evil.example").
 */
const NAME_WORD = /^(?:\p{L}(?:[\p{L}\p{M}]|['’-](?=\p{L}))*|(?:\p{L}\.)+)$/u;
const MAX_NAME_WORDS = 3;

/**
 * The first name as an acknowledgement may repeat it, or undefined for the neutral greeting. An
 * acknowledgement goes to whatever address the form was given, so it carries no visitor text that
 * could say something: at most 40 characters and three words of letters — no digits, links,
 * addresses, punctuation or line breaks. Anything else is left out, not altered.
 */
export function greetingName(firstName: string): string | undefined {
  const name = firstName.trim().replace(/\s+/g, " ");
  if (name === "" || Array.from(name).length > GREETING_NAME_MAX) return undefined;
  const words = name.split(" ");
  if (words.length > MAX_NAME_WORDS || !words.every((word) => NAME_WORD.test(word))) return undefined;
  return name;
}

function greeting(firstName: string): string {
  const name = greetingName(firstName);
  return name ? `Hi ${name},` : "Hi there,";
}

/** To the prospect: the /signup thank-you and the promise of a reply within 24 hours on weekdays. */
export function signupAcknowledgement(signup: Signup): RenderedEmail {
  const hello = greeting(signup.firstName);
  const summary = rowsOf(ackLines(SIGNUP_LEAD, signup, formatTeamTime));
  return {
    subject: `Thanks for your interest in ${BRAND}`,
    html: layout({
      preheader: "We'll get back to you within 24 hours on weekdays.",
      heading: "Thanks for getting started",
      body:
        paragraph(hello) +
        paragraph(SIGNUP_THANK_YOU) +
        paragraph(SIGNUP_MATCHING) +
        fieldsTable(summary) +
        paragraph(`— The ${BRAND} team`),
      footer: `You received this e-mail because you signed up on the ${BRAND} website. If that wasn't you, you can ignore it.`,
    }),
    text: `${hello}\n\n${SIGNUP_THANK_YOU}\n\n${SIGNUP_MATCHING}\n\n${textRows(summary)}\n\n— The ${BRAND} team\n`,
  };
}

export function contactAcknowledgement(message: ContactMessage): RenderedEmail {
  const hello = greeting(message.firstName);
  const summary = rowsOf(ackLines(CONTACT_LEAD, message, formatTeamTime));
  return {
    subject: `We've received your message`,
    html: layout({
      preheader: "We'll reply within 24 hours.",
      heading: "Thanks for contacting us",
      body:
        paragraph(hello) +
        paragraph(CONTACT_THANK_YOU) +
        fieldsTable(summary) +
        paragraph(`— The ${BRAND} team`),
      footer: `You received this e-mail because you used the contact form on the ${BRAND} website. If that wasn't you, you can ignore it.`,
    }),
    text: `${hello}\n\n${CONTACT_THANK_YOU}\n\n${textRows(summary)}\n\n— The ${BRAND} team\n`,
  };
}
