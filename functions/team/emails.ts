/**
 * The e-mails to staff members: an invitation and a password reset, each with its one-time link.
 * Same frame as the lead e-mails (functions/domain/email-templates.ts).
 */
import { STAFF_ROLE_LABELS, type StaffRole } from "../../events";
import { BRAND, button, layout, paragraph, type RenderedEmail, siteLink } from "../domain/email-templates";

/** Links carry the token in the fragment: it never reaches a server log or a Referer header. */
export function oneTimeLink(siteUrl: string, path: string, token: string): string {
  return `${siteLink(siteUrl, path)}#token=${token}`;
}

export function invitationEmail(input: {
  siteUrl: string;
  token: string;
  role: StaffRole;
  invitedBy: string;
  validHours: number;
}): RenderedEmail {
  const link = oneTimeLink(input.siteUrl, "/commandcenter/accept-invitation", input.token);
  const role = STAFF_ROLE_LABELS[input.role];
  const lines = [
    `${input.invitedBy} invited you to the ${BRAND} Command Center as ${role}.`,
    `Open the link below to choose your password. It works once and expires in ${input.validHours} hours.`,
  ];
  return {
    subject: `You're invited to the ${BRAND} Command Center`,
    html: layout({
      preheader: lines[0] as string,
      heading: "You're invited",
      body: `${lines.map(paragraph).join("")}${button(link, "Accept invitation")}${paragraph("If you did not expect this invitation, you can ignore this e-mail.")}`,
      footer: `${BRAND} Command Center`,
    }),
    text: `${lines.join("\n\n")}\n\n${link}\n\nIf you did not expect this invitation, you can ignore this e-mail.\n`,
  };
}

export function passwordResetEmail(input: {
  siteUrl: string;
  token: string;
  validMinutes: number;
}): RenderedEmail {
  const link = oneTimeLink(input.siteUrl, "/commandcenter/reset-password", input.token);
  const lines = [
    `Someone asked to reset the password of your ${BRAND} Command Center account.`,
    `Open the link below to choose a new one. It works once and expires in ${input.validMinutes} minutes.`,
  ];
  const ignore = "If you did not ask for this, ignore this e-mail: your password stays as it is.";
  return {
    subject: `Reset your ${BRAND} Command Center password`,
    html: layout({
      preheader: lines[0] as string,
      heading: "Reset your password",
      body: `${lines.map(paragraph).join("")}${button(link, "Choose a new password")}${paragraph(ignore)}`,
      footer: `${BRAND} Command Center`,
    }),
    text: `${lines.join("\n\n")}\n\n${link}\n\n${ignore}\n`,
  };
}
