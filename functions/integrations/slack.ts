/**
 * Slack incoming webhooks (docs/product/webhooks.md, "Slack"): new signups and contact messages as a
 * short message staff can read in the channel, with the reply's due time in the team's zone and a
 * link that opens the lead; a lead that became overdue, for endpoints that chose that event. Whatever the prospect typed is neutralised: `&`, `<` and `>` escaped
 * (so no `<!channel>`, `<!here>`, `<@U…>` or `<url|label>` link can be formed), every dot between
 * two letters or digits shown as `[.]` (so no bare domain, URL, address or IP that Slack would link
 * by itself can form: "www.example.com/login" reads "www[.]example[.]com/login"), mrkdwn's emphasis
 * characters broken apart, line breaks and control characters flattened.
 */
import { LEAD_FIELDS, type LeadFields } from "../../events/lead-fields";
import { slackFacts } from "../../events/lead-places";
import { formatTeamTime } from "../../events/team-time";
import type { WebhookPayload } from "../../events/webhooks";

const ZERO_WIDTH_SPACE = "\u200b";

/** C0 and C1 control characters and the Unicode line and paragraph separators. */
function isControl(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}

/**
 * A dot that joins two labels of a host name: the full stop and the three dots that URL parsers
 * (and so Slack's automatic links) read as one (ideographic, fullwidth, halfwidth ideographic),
 * between two letters or digits — "Acme Inc." or "J. Smith" keep theirs.
 */
const LABEL_DOT = /(?<=[\p{L}\p{N}\p{M}])[.\u3002\uff0e\uff61](?=[\p{L}\p{N}])/gu;

/** What a label dot becomes: brackets cannot be in a host name, and people read it as a dot. */
export const BROKEN_DOT = "[.]";

/**
 * Prospect text made inert for mrkdwn: one line, escaped, emphasis and mentions unable to form, and
 * no host name left for Slack to turn into a link (docs/product/webhooks.md, "Slack").
 */
export function neutralise(text: string, max = 200): string {
  const printable = [...text].map((char) => (isControl(char) ? " " : char)).join("");
  const oneLine = printable.replace(/\s+/g, " ").trim().slice(0, max);
  return oneLine
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(LABEL_DOT, BROKEN_DOT)
    .replace(/([*_~`|@#:])/g, `$1${ZERO_WIDTH_SPACE}`);
}

export interface SlackMessage {
  readonly text: string;
  readonly blocks: readonly Record<string, unknown>[];
}

/** Our own link: the site's origin and a lead id from our database, escaped all the same. */
function leadLink(url: string): string {
  return `<${url.replace(/[<>|]/g, "")}|Open in the Command Center>`;
}

/** "Lead overdue": who, whose, since when, and the link; sent only to endpoints that chose it. */
function overdueMessage(payload: Extract<WebhookPayload, { type: "lead.overdue" }>): SlackMessage {
  const { data } = payload;
  const name = neutralise(data.name);
  const facts = [
    data.company ? `Company: ${neutralise(data.company)}` : undefined,
    `Owner: ${data.owner ? neutralise(data.owner) : "Unassigned"}`,
    `Reply was due: ${formatTeamTime(data.dueAt)}`,
  ].filter((fact): fact is string => fact !== undefined);
  const title = data.lead.kind === "signup" ? "Signup overdue" : "Contact message overdue";
  return {
    text: `${title}: ${name}`,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: `*${title}*: ${name}` } },
      { type: "section", text: { type: "mrkdwn", text: facts.join("\n") } },
      { type: "section", text: { type: "mrkdwn", text: leadLink(data.lead.url) } },
    ],
  };
}

/**
 * The facts of a new lead's message: each field its description places in "slack"
 * (events/lead-fields.ts) that the payload holds, in Slack's wording, the value made inert.
 */
export function newLeadFacts(lead: LeadFields, data: Readonly<Record<string, unknown>>): string[] {
  return slackFacts(lead, data).map(({ label, value }) => `${label}: ${neutralise(value)}`);
}

/** The Slack message for an event; undefined for events Slack endpoints do not get. */
export function slackMessageOf(payload: WebhookPayload): SlackMessage | undefined {
  if (payload.type === "webhook.test")
    return { text: "RepDesk test message: this channel receives RepDesk leads.", blocks: [] };
  if (payload.type === "lead.overdue") return overdueMessage(payload);
  if (payload.type !== "signup.created" && payload.type !== "contact.received") return undefined;
  const lead = payload.data;
  const title = payload.type === "signup.created" ? "New signup" : "New contact message";
  const name = neutralise(`${lead.firstName} ${lead.lastName}`);
  const facts = [
    ...newLeadFacts(LEAD_FIELDS[lead.lead.kind], lead),
    ...(lead.dueAt ? [`Reply due: ${formatTeamTime(lead.dueAt)}`] : []),
  ];
  const link = leadLink(lead.lead.url);
  const text = `${title}: ${name}`;
  return {
    text,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: `*${title}*: ${name}` } },
      ...(facts.length > 0 ? [{ type: "section", text: { type: "mrkdwn", text: facts.join("\n") } }] : []),
      { type: "section", text: { type: "mrkdwn", text: link } },
    ],
  };
}
