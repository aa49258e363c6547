/**
 * Known spam phrases: the offers B2B forms receive (SEO, backlinks, guest posts, web design,
 * crypto, traffic, lists). Tolerant of case, accents, spacing ("s e o", "b.a.c.k.l.i.n.k.s"),
 * hyphens and look-alike characters ("b@ckl1nks", a Cyrillic "а"), and linear: the text is folded
 * in one pass, cut into words once, and each word is looked up in a map of phrase starts (a phrase
 * is at most a few words). Strong phrases hardly occur in a real enquiry; weak ones can, and only
 * count together.
 */
import { canonicalForm } from "../../model/identity";
import { SPAM_PHRASES_STRONG, SPAM_PHRASES_WEAK, SPAM_RUNS } from "./phrase-list";
import { listed } from "./text";
import { type Finding, finding, WEIGHTS } from "./weights";

/** Look-alike characters folded to one letter, on both the text and the phrases. */
const FOLD: Record<string, string> = {
  "0": "o",
  "1": "i",
  l: "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  // Cyrillic and Greek letters that look Latin.
  а: "a",
  е: "e",
  о: "o",
  р: "p",
  с: "c",
  у: "y",
  х: "x",
  і: "i",
  ѕ: "s",
  ј: "j",
  ԁ: "d",
  ο: "o",
  α: "a",
  ε: "e",
  ι: "i",
  κ: "k",
  ν: "v",
  τ: "t",
  υ: "u",
  ρ: "p",
};
const FOLDED = new RegExp(`[${Object.keys(FOLD).join("")}]`, "gu");
/** Symbols fold only inside a word ("v!agra", "b@cklinks"); at its end they are punctuation. */
const SYMBOLS: Record<string, string> = { "!": "i", "|": "i", "@": "a", $: "s" };
const SYMBOL_IN_WORD = /[!|@$](?=[\p{L}\p{N}])/gu;
const MARKS = /\p{M}+/gu;
const NOT_LETTERS = /[^\p{L}\p{N}]+/gu;

/**
 * Lower case, accents off, look-alikes folded; everything that is not a letter becomes a space.
 * Four native passes over the text, each linear (single characters or one character class).
 */
export function fold(text: string): string {
  // Compatibility folding (fullwidth "ｓｅｏ") is the identity rule's; then accents off.
  return canonicalForm(text)
    .normalize("NFD")
    .replace(MARKS, "")
    .replace(SYMBOL_IN_WORD, (symbol) => SYMBOLS[symbol] ?? symbol)
    .replace(FOLDED, (char) => FOLD[char] ?? char)
    .replace(NOT_LETTERS, " ");
}

/** Words of folded text, with runs of single letters joined ("s e o" -> "seo"). */
export function foldedWords(text: string): string[] {
  const words: string[] = [];
  let letters = "";
  for (const word of fold(text).split(" ")) {
    if (word === "") continue;
    if (word.length === 1 || (word.length === 2 && [...word].length === 1)) {
      letters += word;
      continue;
    }
    if (letters) words.push(letters);
    letters = "";
    words.push(word);
  }
  if (letters) words.push(letters);
  return words;
}

interface Phrase {
  readonly label: string;
  readonly words: readonly string[];
  readonly strong: boolean;
}

/** Phrases by their first word (a word ending in "*" matches any word it starts). */
function indexPhrases(): { exact: Map<string, Phrase[]>; prefixes: Phrase[] } {
  const exact = new Map<string, Phrase[]>();
  const prefixes: Phrase[] = [];
  const add = (label: string, strong: boolean) => {
    const words = label
      .split(" ")
      .map((word) => (word.endsWith("*") ? `${fold(word.slice(0, -1)).trim()}*` : fold(word).trim()));
    const phrase = { label, words, strong };
    const first = words[0] ?? "";
    if (first.endsWith("*")) prefixes.push(phrase);
    else exact.set(first, [...(exact.get(first) ?? []), phrase]);
  };
  for (const label of SPAM_PHRASES_STRONG) add(label, true);
  for (const label of SPAM_PHRASES_WEAK) add(label, false);
  return { exact, prefixes };
}

let index: ReturnType<typeof indexPhrases> | undefined;
let runs: { label: string; folded: string }[] | undefined;

/** How a phrase reads in a detail: without its "*". */
function shown(label: string): string {
  return label.replaceAll("*", "");
}

function matches(pattern: string, word: string | undefined): boolean {
  if (word === undefined) return false;
  return pattern.endsWith("*") ? word.startsWith(pattern.slice(0, -1)) : word === pattern;
}

function phraseAt(phrase: Phrase, words: readonly string[], at: number): boolean {
  return phrase.words.every((pattern, offset) => matches(pattern, words[at + offset]));
}

/** The distinct phrases found in the text. */
export function spamPhrasesIn(text: string): { strong: string[]; weak: string[] } {
  index ??= indexPhrases();
  runs ??= SPAM_RUNS.map(([run, label]) => ({ label, folded: fold(run).replaceAll(" ", "") }));
  const words = foldedWords(text);
  const found = new Map<string, boolean>();
  const { exact, prefixes } = index;
  const look = (phrase: Phrase, at: number) => {
    if (!found.has(phrase.label) && phraseAt(phrase, words, at)) found.set(phrase.label, phrase.strong);
  };
  for (let at = 0; at < words.length; at += 1) {
    for (const phrase of exact.get(words[at] ?? "") ?? []) look(phrase, at);
    for (const phrase of prefixes) look(phrase, at);
  }
  // Written without spaces or across them ("back links", "b-a-c-k-l-i-n-k-s", CJK): the words joined.
  const joined = words.join("");
  for (const run of runs) {
    if (!found.has(run.label) && joined.includes(run.folded)) found.set(run.label, true);
  }
  const strong = [...found].filter(([, isStrong]) => isStrong).map(([label]) => label);
  const weak = [...found].filter(([, isStrong]) => !isStrong).map(([label]) => label);
  return { strong, weak };
}

export function spamPhraseSignal(texts: readonly string[]): Finding | undefined {
  const { strong, weak } = spamPhrasesIn(texts.join("\n"));
  const weakWeight = weak.length * WEIGHTS.spamPhrases.weak;
  const weight = Math.min(
    WEIGHTS.spamPhrases.cap,
    strong.length * WEIGHTS.spamPhrases.strong +
      (strong.length > 0 ? weakWeight : Math.min(weakWeight, WEIGHTS.spamPhrases.weakAlone)),
  );
  if (weight === 0) return undefined;
  return finding(
    "spam-phrases",
    weight,
    listed(
      [...strong, ...weak].map((label) => `“${shown(label)}”`),
      4,
    ),
  );
}
