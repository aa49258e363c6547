/**
 * Random letters where words belong: what a script fills a form with ("xkqjwz", "QwRtPzLm").
 * Only words of Latin letters are judged (other scripts' words are not vowel-shaped): a word of six
 * letters or more with no vowel, a run of seven consonants, or case flipping inside it three times.
 * Names like "Schwarzschild" or "Knightsbridge" stay under those bounds; "Angstschweiß" alone is
 * one word and one word is never enough.
 */
import type { SubmissionText } from "./text";
import { listed, wordsOf } from "./text";
import { type Finding, finding, WEIGHTS } from "./weights";

const VOWELS = new Set(["a", "e", "i", "o", "u", "y"]);
const LATIN_WORD = /^[A-Za-z]+$/;
const RARE = /[qxjzvwk]/i;

/** Accents removed, so "Brzęczyszczykiewicz" is judged by its letters. */
function plain(word: string): string {
  return word.normalize("NFD").replace(/\p{M}/gu, "");
}

export function isGibberish(raw: string, minLength = 6): boolean {
  const word = plain(raw);
  if (word.length < minLength || word.length > 64 || !LATIN_WORD.test(word)) return false;
  let vowels = 0;
  let run = 0;
  let longestRun = 0;
  let flips = 0;
  let previousLower = false;
  for (const char of word) {
    const lower = char.toLowerCase();
    if (VOWELS.has(lower)) {
      vowels += 1;
      run = 0;
    } else {
      run += 1;
      longestRun = Math.max(longestRun, run);
    }
    const isLower = char === lower;
    if (previousLower && !isLower) flips += 1;
    previousLower = isLower;
  }
  // Long and thin: five consonants in a row, under a fifth vowels and a rare letter ("jreqwctp";
  // real spellings keep more vowels, "Knightsbridge" 0.23, or only common letters, "strengths").
  const thin = word.length >= 8 && longestRun >= 5 && vowels * 5 < word.length && RARE.test(word);
  return vowels === 0 || longestRun >= 7 || flips >= 3 || thin;
}

/** Words that are part of a link or an address are not judged: "https", "bit.ly/xq7Zr". */
function prose(text: string): string {
  return text
    .split(/\s+/)
    .filter((piece) => !/[/@]|\.[a-z]/i.test(piece.slice(0, 2_048)))
    .join(" ");
}

export function gibberishSignals(text: SubmissionText): Finding[] {
  const found: Finding[] = [];
  const badNames = text.names.flatMap((name) => wordsOf(name).filter((word) => isGibberish(word, 5)));
  if (badNames.length > 0) {
    found.push(
      finding(
        "gibberish",
        WEIGHTS.gibberish.nameFields,
        `name: ${listed(badNames.map((w) => w.slice(0, 40)))}`,
      ),
    );
  }
  const words = wordsOf(prose([...text.short, text.body].join(" ")));
  const judged = words.filter((word) => word.length >= 6 && LATIN_WORD.test(plain(word)));
  const bad = judged.filter((word) => isGibberish(word));
  if (bad.length >= 2) {
    const most = bad.length === judged.length || (bad.length >= 3 && bad.length * 2 >= judged.length);
    const weight = most ? WEIGHTS.gibberish.most : WEIGHTS.gibberish.some;
    found.push(
      finding(
        "gibberish",
        weight,
        `${bad.length} of ${judged.length} long words: ${listed(bad.map((w) => w.slice(0, 40)))}`,
      ),
    );
  }
  const label = text.emailDomain.split(".").at(-2) ?? "";
  if (isGibberish(label))
    found.push(finding("gibberish", WEIGHTS.gibberish.mailDomain, `mail domain ${text.emailDomain}`));
  return found;
}
