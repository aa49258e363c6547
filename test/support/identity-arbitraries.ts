/**
 * fast-check arbitraries for the one identity rule (functions/model/identity.ts,
 * docs/decisions/0081): plain staff identities, other spellings of them that the canonical form
 * maps back (case, fullwidth and mathematical letters, the long s, the Kelvin sign, circled letters,
 * fullwidth punctuation, surrounding white space), and identities kept apart from them (another
 * ASCII letter, a plus tag).
 */
import fc from "fast-check";

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";

/** Every spelling of one character of a canonical staff identity that NFKC + lower case maps back to it. */
export function spellingsOf(char: string): string[] {
  const spellings = [char];
  const letter = LETTERS.indexOf(char);
  if (letter !== -1) {
    spellings.push(
      char.toUpperCase(),
      String.fromCodePoint(0xff41 + letter), // fullwidth small
      String.fromCodePoint(0xff21 + letter), // fullwidth capital
      String.fromCodePoint(0x1d41a + letter), // mathematical bold small
      String.fromCodePoint(0x1d400 + letter), // mathematical bold capital
      String.fromCodePoint(0x24d0 + letter), // circled small
    );
    if (char === "s") spellings.push("\u017F"); // long s
    if (char === "k") spellings.push("\u212A"); // Kelvin sign
  }
  const digit = DIGITS.indexOf(char);
  if (digit !== -1) spellings.push(String.fromCodePoint(0xff10 + digit)); // fullwidth digit
  const punctuation: Record<string, string> = {
    "@": "\uFF20",
    ".": "\uFF0E",
    "-": "\uFF0D",
    _: "\uFF3F",
    "+": "\uFF0B",
  };
  if (punctuation[char]) spellings.push(punctuation[char]);
  return spellings;
}

/** White space that trimming removes, alone or mixed (an ideographic space too). */
const SURROUNDING = ["", " ", "  ", "\t", "\u3000", " \t"];

/** How to spell an identity another way: a choice per character (cycled) and white space around it. */
export interface SpellingPlan {
  readonly choices: readonly number[];
  readonly before: string;
  readonly after: string;
}

export const spellingPlan: fc.Arbitrary<SpellingPlan> = fc.record({
  choices: fc.array(fc.nat({ max: 15 }), { minLength: 1, maxLength: 24 }),
  before: fc.constantFrom(...SURROUNDING),
  after: fc.constantFrom(...SURROUNDING),
});

/**
 * The identity spelled by the plan; its canonical form is the identity again. `asciiPunctuation`
 * keeps `@ . - _ +` as they are (the site's e-mail pattern wants an ASCII `@` and dot before any
 * folding; docs/product/site.md).
 */
export function applySpelling(
  identity: string,
  plan: SpellingPlan,
  options: { asciiPunctuation?: boolean } = {},
): string {
  const chars = [...identity].map((char, index) => {
    const spellings = spellingsOf(char);
    const allowed = options.asciiPunctuation && !/[a-z0-9]/.test(char) ? [char] : spellings;
    return allowed[(plan.choices[index % plan.choices.length] ?? 0) % allowed.length];
  });
  return `${plan.before}${chars.join("")}${plan.after}`;
}

/** Another spelling of a canonical identity (see applySpelling). */
export function spelled(identity: string): fc.Arbitrary<string> {
  return spellingPlan.map((plan) => applySpelling(identity, plan));
}

const alnum = fc.constantFrom(...`${LETTERS}${DIGITS}`);
const word = (max: number) =>
  fc.array(alnum, { minLength: 1, maxLength: max }).map((chars) => chars.join(""));

/** A plain local part: words of letters and digits joined by one of . _ - (no doubled dots). */
export const plainLocal = fc
  .tuple(word(5), fc.array(fc.tuple(fc.constantFrom(".", "_", "-"), word(3)), { maxLength: 1 }))
  .map(([first, rest]) => first + rest.map(([separator, part]) => separator + part).join(""));

const label = fc
  .tuple(fc.constantFrom(...LETTERS), fc.array(alnum, { maxLength: 3 }))
  .map(([first, rest]) => first + rest.join(""));

/**
 * A plain staff address (ASCII, canonical), short enough that any spelling of it with a plus tag
 * (a mathematical letter is two UTF-16 units) still fits an invitation's 64 characters.
 */
export const plainStaffAddress = fc
  .tuple(plainLocal, label, fc.constantFrom("com", "org", "example", "co.uk"))
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);

/** A plain username that is no address. */
export const plainUsername = fc
  .tuple(fc.constantFrom(...LETTERS), plainLocal)
  .map(([first, rest]) => `${first}${rest}`.slice(0, 30));

/** How to make another identity next to one: replace a letter (by position, cycled), or add a plus tag. */
export type ApartPlan =
  | { readonly kind: "letter"; readonly position: number; readonly shift: number }
  | { readonly kind: "tag"; readonly tag: string };

export const apartPlan: fc.Arbitrary<ApartPlan> = fc.oneof(
  fc.record({
    kind: fc.constant("letter" as const),
    position: fc.nat({ max: 63 }),
    shift: fc.integer({ min: 1, max: 25 }),
  }),
  fc.record({ kind: fc.constant("tag" as const), tag: word(3) }),
);

/**
 * A different canonical identity next to `identity`: one of its ASCII letters replaced by another
 * letter, or — for an address — a plus tag added (a username has no `+`: a letter instead).
 */
export function applyApart(identity: string, plan: ApartPlan): string {
  const at = identity.indexOf("@");
  if (plan.kind === "tag" && at > 0) return `${identity.slice(0, at)}+${plan.tag}${identity.slice(at)}`;
  const positions = [...identity].flatMap((char, index) => (LETTERS.includes(char) ? [index] : []));
  const position = positions[(plan.kind === "letter" ? plan.position : 0) % positions.length] ?? 0;
  const shift = plan.kind === "letter" ? plan.shift : 1;
  const other = LETTERS[(LETTERS.indexOf(identity[position] ?? "a") + shift) % LETTERS.length];
  return `${identity.slice(0, position)}${other}${identity.slice(position + 1)}`;
}

/** Another identity next to `identity` (see applyApart). */
export function keptApart(identity: string): fc.Arbitrary<string> {
  return apartPlan.map((plan) => applyApart(identity, plan));
}

/** Text a mail header would read as more than one address, or as a name with an address. */
export const HEADER_BREAKERS = ["<", ">", ",", '"', ";", ":", " ", "\r", "\n", "(", ")", "\\", "[", "]"];
