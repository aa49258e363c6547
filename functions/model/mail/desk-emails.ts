/**
 * The desk's e-mails to staff (docs/decisions/0070-desk-reminders.md): the reminder that an open
 * lead is two business hours from overdue, and the morning digest of one owner's overdue leads.
 * Same frame as the lead e-mails (functions/model/mail/templates.ts).
 */
import { LEAD_PLURALS, spanText } from "../../../events/desk";
import type { DeskDigestData, DeskLeadRef, DeskReminderData } from "../../../events/envelopes";
import { formatTeamTime } from "../../../events/team-time";
import {
  BRAND,
  button,
  escapeHtml,
  layout,
  oneLine,
  paragraph,
  type RenderedEmail,
  siteLink,
} from "./templates";

/** The lead in the Command Center: its list, opened on that lead. */
export function leadLink(siteUrl: string, lead: Pick<DeskLeadRef, "kind" | "id">): string {
  return `${siteLink(siteUrl, `/commandcenter/${LEAD_PLURALS[lead.kind]}`)}#lead=${encodeURIComponent(lead.id)}`;
}

const leadName = (lead: DeskLeadRef) =>
  oneLine(lead.company ? `${lead.name} (${lead.company})` : lead.name || "(no name)", 200);

const whom = (data: { owner?: string | undefined; email?: string | undefined }, toStaffInbox: boolean) =>
  data.owner
    ? toStaffInbox
      ? ` It belongs to ${oneLine(data.owner, 128)}, who has no e-mail address on file.`
      : ""
    : " It has no owner yet.";

export function deskReminderEmail(
  data: DeskReminderData,
  siteUrl: string,
  toStaffInbox: boolean,
): RenderedEmail {
  const name = leadName(data.lead);
  const link = leadLink(siteUrl, data.lead);
  const lines = [
    `The first reply to ${name} is due ${formatTeamTime(data.lead.dueAt)}.${whom(data, toStaffInbox)}`,
    "Reply, or change its status, in the Command Center before it is overdue.",
  ];
  return {
    subject: oneLine(`Reply due soon: ${name}`),
    html: layout({
      preheader: lines[0] as string,
      heading: "A lead is due for a reply",
      body: `${lines.map(paragraph).join("")}${button(link, "Open the lead")}`,
      footer: `${BRAND} lead desk reminder, sent once per lead.`,
    }),
    text: `${lines.join("\n\n")}\n\n${link}\n`,
  };
}

export function deskDigestEmail(data: DeskDigestData, siteUrl: string, toStaffInbox: boolean): RenderedEmail {
  const at = Date.parse(data.at);
  const rows = data.leads.map((lead) => ({
    name: leadName(lead),
    overdue: `overdue by ${spanText(at - Date.parse(lead.dueAt))}`,
    link: leadLink(siteUrl, lead),
  }));
  const total = data.leads.length + data.more;
  const intro = `${total === 1 ? "1 lead is" : `${total} leads are`} past the reply promise${
    data.owner
      ? toStaffInbox
        ? ` for ${oneLine(data.owner, 128)} (no e-mail address on file)`
        : ""
      : " with no owner"
  }.`;
  const more = data.more > 0 ? `…and ${data.more} more in the Command Center.` : undefined;
  const list = rows
    .map(
      (row) =>
        `<li style="margin:0 0 8px;font-size:15px;line-height:22px;"><a href="${escapeHtml(row.link)}">${escapeHtml(row.name)}</a> — ${escapeHtml(row.overdue)}</li>`,
    )
    .join("");
  return {
    subject: oneLine(`Overdue leads this morning: ${total}`),
    html: layout({
      preheader: intro,
      heading: `Overdue leads, ${data.date}`,
      body: `${paragraph(intro)}<ul style="padding-left:20px;margin:0 0 16px;">${list}</ul>${more ? paragraph(more) : ""}`,
      footer: `${BRAND} morning digest, sent once a weekday.`,
    }),
    text: `${intro}\n\n${rows.map((row) => `- ${row.name}, ${row.overdue}: ${row.link}`).join("\n")}\n${more ? `\n${more}\n` : ""}`,
  };
}
