/**
 * Links in what a person wrote. One link to the sender's own domain is what people do ("we are
 * acme.com"); one other link is weak; several, a shortener, forum markup or a link in a name
 * field are what link spam looks like. Linear: the text is split on white space once, and each
 * piece is read with anchored patterns that cannot backtrack past it.
 */
import type { SubmissionText } from "./text";
import { listed } from "./text";
import { type Finding, finding, WEIGHTS } from "./weights";

/** Services whose only purpose is to hide where a link goes (a short list: they are few and stable). */
const SHORTENERS = new Set([
  "bit.ly",
  "bitly.com",
  "tinyurl.com",
  "t.co",
  "goo.gl",
  "ow.ly",
  "is.gd",
  "v.gd",
  "buff.ly",
  "rebrand.ly",
  "cutt.ly",
  "shorturl.at",
  "rb.gy",
  "t.ly",
  "tiny.cc",
  "bl.ink",
  "s.id",
  "lnkd.in",
  "qr.ae",
  "shorte.st",
  "adf.ly",
  "bit.do",
  "clck.ru",
  "u.to",
  "x.co",
  "tr.im",
  "soo.gd",
  "short.io",
  "tiny.one",
  "gg.gg",
  "urlz.fr",
  "bitly.ws",
  "shrtco.de",
  "linktr.ee",
  "surl.li",
  "vk.cc",
]);

/** Top-level domains a bare name must end in to count as a link ("acme.io", not "e.g." or "v1.2"). */
const GENERIC_TLDS = new Set([
  "com",
  "net",
  "org",
  "info",
  "biz",
  "io",
  "ai",
  "app",
  "dev",
  "xyz",
  "top",
  "site",
  "online",
  "shop",
  "store",
  "club",
  "live",
  "pro",
  "tech",
  "website",
  "space",
  "fun",
  "link",
  "click",
  "icu",
  "buzz",
  "today",
  "agency",
  "digital",
  "media",
  "company",
  "solutions",
  "services",
  "marketing",
  "finance",
  "money",
  "trade",
  "casino",
  "bet",
  "loan",
  "win",
  "vip",
  "work",
  "ltd",
]);

const SCHEME = /^(?:https?:\/\/|www\.)/i;
/** Anchored, one pass: labels of letters, digits and hyphens separated by single dots. */
const HOST = /^[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+$/u;
const MARKUP = ["<a ", "href=", "[url", "](http"];

interface Link {
  readonly host: string;
  readonly text: string;
}

const OPENING = new Set(["(", '"', "'", "<", "[", "{"]);
const CLOSING = new Set([")", '"', "'", ">", "]", "}", ",", ".", ";", ":", "!", "?"]);
/** Where a link ends inside markup: `https://x.top">here</a>`, `https://x.top]deals[/url]`. */
const MARKUP_END = /["'<>[\]]/;
/** Longer than any real address: a piece is read up to here. */
const MAX_PIECE = 2_048;

/** The piece without the punctuation around it (a loop, not a pattern: `[…]+$` is quadratic). */
function trimPunctuation(piece: string): string {
  let start = 0;
  let end = Math.min(piece.length, MAX_PIECE);
  while (start < end && OPENING.has(piece.charAt(start))) start += 1;
  while (end > start && CLOSING.has(piece.charAt(end - 1))) end -= 1;
  return piece.slice(start, end);
}

/** The link a piece of text is, if any; `bare` also counts "acme.io/path" without a scheme. */
function linkOf(piece: string, bare: boolean): Link | undefined {
  // A link inside markup or after other characters (href="https://…", (see:https://…)).
  const scheme = piece.length > 8 ? piece.slice(0, MAX_PIECE).search(/https?:\/\//i) : -1;
  const trimmed = trimPunctuation(scheme > 0 ? piece.slice(scheme) : piece);
  if (trimmed.length < 4 || trimmed.includes("@")) return undefined;
  const schemed = SCHEME.test(trimmed);
  if (!schemed && !bare) return undefined;
  const cut = trimmed.search(MARKUP_END);
  const rest = (cut > 0 ? trimmed.slice(0, cut) : trimmed).replace(/^https?:\/\//i, "");
  const end = rest.search(/[/?#:]/);
  const host = (end < 0 ? rest : rest.slice(0, end)).toLowerCase().replace(/^www\./, "");
  if (!HOST.test(host)) return undefined;
  const tld = host.slice(host.lastIndexOf(".") + 1);
  if (!schemed && !(GENERIC_TLDS.has(tld) || /^[a-z]{2}$/.test(tld))) return undefined;
  return { host, text: trimmed.toLowerCase() };
}

export function linksIn(text: string, bare = true): Link[] {
  const links: Link[] = [];
  for (const piece of text.split(/\s+/)) {
    const link = linkOf(piece, bare);
    if (link) links.push(link);
  }
  return links;
}

function ownDomain(host: string, emailDomain: string): boolean {
  if (emailDomain === "") return false;
  return host === emailDomain || host.endsWith(`.${emailDomain}`) || emailDomain.endsWith(`.${host}`);
}

export function linkSignals(text: SubmissionText): Finding[] {
  const found: Finding[] = [];
  const inNames = text.names.flatMap((name) => linksIn(name));
  const inShort = text.short.flatMap((value) => linksIn(value, false));
  if (inNames.length + inShort.length > 0) {
    const hosts = [...inNames, ...inShort].map((link) => link.host);
    found.push(
      finding("links", WEIGHTS.links.inNameField, `a link in a name or company field: ${listed(hosts)}`),
    );
  }
  const all = linksIn(text.body);
  const shorteners = [...new Set(all.filter((link) => SHORTENERS.has(link.host)).map((link) => link.host))];
  if (shorteners.length > 0) {
    found.push(finding("links", WEIGHTS.links.shortener, `link shortener: ${listed(shorteners)}`));
  }
  const lower = text.body.toLowerCase();
  if (MARKUP.some((mark) => lower.includes(mark))) {
    found.push(finding("links", WEIGHTS.links.markup, "links written as HTML or forum markup"));
  }
  const foreign = [
    ...new Set(all.filter((link) => !ownDomain(link.host, text.emailDomain)).map((link) => link.text)),
  ];
  const count = foreign.length;
  if (count === 0) return found;
  const weight =
    count >= 5
      ? WEIGHTS.links.many
      : count >= 3
        ? WEIGHTS.links.several
        : count === 2
          ? WEIGHTS.links.two
          : WEIGHTS.links.one;
  const hosts = [
    ...new Set(all.filter((link) => !ownDomain(link.host, text.emailDomain)).map((link) => link.host)),
  ];
  found.push(finding("links", weight, `${count} ${count === 1 ? "link" : "links"}: ${listed(hosts)}`));
  return found;
}
