/**
 * The e-mails to staff members: an invitation and a password reset, each with its one-time link,
 * the warning that their account was locked by wrong passwords, and the notices of a security
 * change with their "This wasn't me" link (docs/decisions/0082).
 * Same frame as the lead e-mails (functions/model/mail/templates.ts).
 */
import type { AccountLockedData } from "../../../events/envelopes";
import { STAFF_ROLE_LABELS, type StaffRole } from "../../../events/staff";
import { formatTeamTime } from "../../../events/team-time";
import { BRAND, button, layout, oneLine, paragraph, type RenderedEmail, siteLink } from "./templates";

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

/**
 * To the owner of an account that repeated wrong passwords locked (functions/staff/attack-alert.ts):
 * where from, when, for how long, and what to do. Nothing typed at the sign-in is quoted (no
 * password, no username). `toStaffInbox`: the account has no address, so the staff inbox is told,
 * and the account is named by its stored username so staff know whose it is.
 */
export function accountLockedEmail(
  input: Pick<AccountLockedData, "username" | "ip" | "lockedAt" | "lockedMinutes"> & {
    siteUrl: string;
    toStaffInbox: boolean;
  },
): RenderedEmail {
  const whose = input.toStaffInbox
    ? `The ${BRAND} Command Center account "${oneLine(input.username, 128)}" (it has no e-mail address on file)`
    : `Your ${BRAND} Command Center account`;
  const from = input.ip ? oneLine(input.ip, 64) : "an unknown address";
  const lines = [
    `${whose} saw repeated failed sign-ins from ${from} at ${formatTeamTime(input.lockedAt)}.`,
    `Sign-in from that address was locked for ${input.lockedMinutes} minutes.`,
    "If this was you, wait and try again. If it was not you, change your password as soon as you can, and tell an admin.",
  ];
  const link = siteLink(input.siteUrl, "/commandcenter/login");
  return {
    subject: `Failed sign-ins locked your ${BRAND} Command Center account`,
    html: layout({
      preheader: lines[0] as string,
      heading: "Repeated failed sign-ins",
      body: `${lines.map(paragraph).join("")}${button(link, "Open the Command Center")}`,
      footer: `${BRAND} Command Center`,
    }),
    text: `${lines.join("\n\n")}\n\n${link}\n`,
  };
}

/** Where the "This wasn't me" link of a security notice leads (web/src/commandcenter/sign-in). */
export const NOT_ME_PATH = "/commandcenter/not-me";

/**
 * To the owner after a security change of their account (a new address: to the old one; a second
 * factor added or removed: to the account's): what changed, when and from where, and a one-time
 * "This wasn't me" link that signs the account out everywhere, voids the reset links sent so far
 * and undoes what it can (`undoes`). Addresses in `change` are quoted with oneLine by the caller.
 */
export function accountChangedEmail(input: {
  siteUrl: string;
  token: string;
  /** What changed, one sentence. */
  change: string;
  /** What the link undoes besides the sessions and the reset links ("changes the address back"). */
  undoes?: string;
  at: Date;
  ip: string | undefined;
  validDays: number;
}): RenderedEmail {
  const link = oneTimeLink(input.siteUrl, NOT_ME_PATH, input.token);
  const from = input.ip ? oneLine(input.ip, 64) : "an unknown address";
  const effects = [
    "signs your account out everywhere",
    "stops every password reset link sent so far",
    ...(input.undoes ? [input.undoes] : []),
  ];
  const does = `${effects.slice(0, -1).join(", ")} and ${effects.at(-1)}`;
  const lines = [
    input.change,
    `It was made at ${formatTeamTime(input.at.toISOString())} from ${from}, in a session signed in to your account.`,
    "If this was you, there is nothing to do.",
    `If it wasn't you, open the link below: it ${does}. Then choose a new password and tell an admin. The link works once, for ${input.validDays} days.`,
  ];
  return {
    subject: `A security change to your ${BRAND} Command Center account`,
    html: layout({
      preheader: lines[0] as string,
      heading: "Was this you?",
      body: `${lines.map(paragraph).join("")}${button(link, "This wasn't me")}`,
      footer: `${BRAND} Command Center`,
    }),
    text: `${lines.join("\n\n")}\n\nThis wasn't me: ${link}\n`,
  };
}

/** Where the link that confirms a new address opens (docs/decisions/0122). */
export const CONFIRM_EMAIL_PATH = "/commandcenter/confirm-email";

/** To the new address of an address change: the link that makes it the account's. */
export function emailChangeLinkEmail(input: {
  siteUrl: string;
  token: string;
  username: string;
  validHours: number;
}): RenderedEmail {
  const link = oneTimeLink(input.siteUrl, CONFIRM_EMAIL_PATH, input.token);
  const lines = [
    `The ${BRAND} Command Center account "${oneLine(input.username, 64)}" asked to use this e-mail address.`,
    `Open the link below to confirm it: the account's address changes only then. The link works once and expires in ${input.validHours} hours.`,
    "If you did not expect this, ignore this e-mail: nothing changes.",
  ];
  return {
    subject: `Confirm your new ${BRAND} Command Center address`,
    html: layout({
      preheader: lines[0] as string,
      heading: "Confirm your new address",
      body: `${lines.map(paragraph).join("")}${button(link, "Confirm this address")}`,
      footer: `${BRAND} Command Center`,
    }),
    text: `${lines.join("\n\n")}\n\nConfirm this address: ${link}\n`,
  };
}

/**
 * To the account's address when a "This wasn't me" link sent to a previous address locked the
 * account (docs/decisions/0121): the owner of this address learns it at once, and who can unlock it.
 */
export function accountLockedByNotMeEmail(input: {
  siteUrl: string;
  previous: string;
  at: Date;
}): RenderedEmail {
  const lines = [
    `Your ${BRAND} Command Center account was locked at ${formatTeamTime(input.at.toISOString())}: the "This wasn't me" link of a notice sent to its previous address (${oneLine(input.previous, 254)}) was opened. Every session of the account was ended and its password reset links stopped.`,
    "Nobody can sign in or reset the password until an admin unlocks the account. Tell an admin whether you made the change yourself.",
  ];
  const link = siteLink(input.siteUrl, "/commandcenter/login");
  return {
    subject: `Your ${BRAND} Command Center account was locked`,
    html: layout({
      preheader: lines[0] as string,
      heading: "Account locked",
      body: `${lines.map(paragraph).join("")}${button(link, "Open the Command Center")}`,
      footer: `${BRAND} Command Center`,
    }),
    text: `${lines.join("\n\n")}\n\n${link}\n`,
  };
}
