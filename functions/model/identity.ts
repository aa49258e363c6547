/**
 * Who is who: the one place that decides when two usernames or e-mail addresses are the same
 * person, mailbox or prospect (docs/decisions/0081-one-identity-rule.md). Every store, lookup,
 * comparison, limit and send goes through these functions; nothing else lower-cases or normalises
 * an identity.
 *
 * - A staff identity (username or address) has one canonical form: Unicode compatibility-folded
 *   (NFKC, so fullwidth letters, the long s and the Kelvin sign become their ASCII letters), lower
 *   case, trimmed. It must then be plain ASCII of a narrow shape: anything else is refused, never
 *   stored, so no two spellings can ever be two accounts.
 * - A prospect's address keeps any characters (prospects type what they type), compared in the
 *   same canonical form, and one more fold: a domain written fully qualified, with the root's
 *   trailing dot (`a@example.com.`), is the same domain to DNS and so the same address
 *   (`prospectAddressKey`, `sameAddress`). A staff identity with one is refused instead, never
 *   stored and never found (no second spelling of an account).
 * - A mailbox (for quotas only) also folds `+tags` and, at providers that ignore them, dots.
 */
import { domainToASCII } from "node:url";

/** NFKC, lower case, NFKC again (lower-casing can un-normalise), no surrounding white space. */
export function canonicalForm(text: string): string {
  return text.normalize("NFKC").toLowerCase().normalize("NFKC").trim();
}

/** Two identities are the same when their canonical forms are. */
export function sameIdentity(a: string, b: string): boolean {
  return canonicalForm(a) === canonicalForm(b);
}

/**
 * A staff address SES can deliver to and a mail header reads as exactly one address: an ASCII
 * local part of the dot-atom characters (no quotes, commas, angle brackets, spaces or controls)
 * and an ASCII domain of at least two labels.
 */
const STAFF_ADDRESS =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?)+$/;

/**
 * Usernames: ASCII letters, digits and . _ @ -, 2 to 64 characters, beginning and ending with a
 * letter or digit (so `admin.` or `admin-` is no second spelling of `admin`). One with an `@` must be
 * a staff address too (an invited member's username is their address): `admin@example.com.` is
 * refused, not kept apart from `admin@example.com`.
 */
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._@-]{0,62}[a-z0-9]$/;

/**
 * The domain rules a pattern cannot say: the top-level label has a letter (no `1.2.3.4`: an address
 * literal is no mailbox SES delivers to), and every `xn--` label is valid punycode of an
 * internationalised name (the WHATWG/UTS 46 conversion gives the same ASCII back; `xn--a` does not).
 */
function plainDomain(domain: string): boolean {
  const top = domain.slice(domain.lastIndexOf(".") + 1);
  return /[a-z]/.test(top) && (!domain.includes("xn--") || domainToASCII(domain) === domain);
}

export const IDENTITY_MESSAGES = {
  address:
    "Use a plain e-mail address: ASCII letters, digits and . _ + - before the @, a domain after it, no name or brackets",
  username: "Username must be 2-64 characters: letters, digits, '.', '_', '@' or '-'",
} as const;

export type Checked =
  | { readonly ok: true; readonly value: string }
  | { readonly ok: false; readonly problem: string };

/** The canonical staff address, or why the text is not one. */
export function staffAddress(text: string): Checked {
  const value = canonicalForm(text);
  return value.length <= 254 && STAFF_ADDRESS.test(value) && plainDomain(value.slice(value.indexOf("@") + 1))
    ? { ok: true, value }
    : { ok: false, problem: IDENTITY_MESSAGES.address };
}

/**
 * Whether a mail header would read the text as more than one address, or as a name with an address
 * (angle brackets, commas, quotes, white space, control characters, more than one `@`): such text
 * must never reach a To or Reply-To header, whatever it was stored as.
 */
export function breaksMailHeader(text: string): boolean {
  const value = canonicalForm(text);
  return /[<>,;:"()[\]\\\s\p{Cc}\u2028\u2029]/u.test(value) || value.split("@").length !== 2;
}

/** The canonical username, or why the text is not one. */
export function staffUsername(text: string): Checked {
  const value = canonicalForm(text);
  return USERNAME_PATTERN.test(value) && (!value.includes("@") || staffAddress(value).ok)
    ? { ok: true, value }
    : { ok: false, problem: IDENTITY_MESSAGES.username };
}

/** Why the text is no username, or undefined when it is one. */
export function staffUsernameProblem(text: string): string | undefined {
  const checked = staffUsername(text);
  return checked.ok ? undefined : checked.problem;
}

/**
 * The key under which a staff identity is stored and looked up. A lookup with text that is no valid
 * identity gets a key no account can have (it still costs the same read, so timing tells nothing).
 */
export function staffKey(text: string): string {
  return canonicalForm(text);
}

/**
 * A prospect's address as lead linking, the lead index and privacy requests compare it (any
 * characters): the canonical form, without the trailing dots of a fully qualified domain
 * (`a@example.com.` is `a@example.com`).
 */
export function prospectAddressKey(address: string): string {
  const value = canonicalForm(address);
  return value.includes("@") ? value.replace(/[.\s]+$/u, "") : value;
}

/**
 * Whether two addresses are the same person's (prospects, and a privacy request's address): the
 * same prospectAddressKey. For two staff identities it agrees with sameIdentity, since a staff
 * identity never ends with a dot.
 */
export function sameAddress(a: string, b: string): boolean {
  return prospectAddressKey(a) === prospectAddressKey(b);
}

/** Providers whose mailboxes ignore dots in the local part. */
const DOTLESS_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address delivers to, for limits only (never for sending or for linking leads):
 * canonical form, without a `+tag`, and without dots at providers that ignore them; googlemail.com
 * is gmail.com.
 */
export function mailboxKey(address: string): string {
  const canonical = prospectAddressKey(address);
  const at = canonical.lastIndexOf("@");
  if (at < 1) return canonical;
  let local = canonical.slice(0, at);
  let domain = canonical.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}
