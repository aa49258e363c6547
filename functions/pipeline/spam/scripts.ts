/**
 * Alphabets that do not belong together. People write in every script, and a Latin name above a
 * Cyrillic, Greek, Arabic or Chinese message is ordinary; what spam does is spell words with
 * look-alike letters of another alphabet ("pаypal" with a Cyrillic "а") to slip past filters.
 * Only Latin, Cyrillic and Greek are compared inside a word: they share look-alike letters, while
 * Chinese and Japanese run Latin words into their own without spaces.
 */
import type { SubmissionText } from "./text";
import { listed, wordsOf } from "./text";
import { type Finding, finding, WEIGHTS } from "./weights";

export type Script = "latin" | "cyrillic" | "greek" | "arabic" | "hebrew" | "indic" | "cjk" | "other";

/** The script of one code point, or undefined for what is not a letter of a script (digits, marks). */
export function scriptOf(code: number): Script | undefined {
  if (code < 0x41) return undefined;
  if (code <= 0x7a) return code >= 0x61 || code <= 0x5a ? "latin" : undefined;
  if (code < 0xc0) return undefined;
  if (code <= 0x24f || (code >= 0x1e00 && code <= 0x1eff))
    return code === 0xd7 || code === 0xf7 ? undefined : "latin";
  if ((code >= 0x370 && code <= 0x3ff) || (code >= 0x1f00 && code <= 0x1fff)) return "greek";
  if (code >= 0x400 && code <= 0x52f) return "cyrillic";
  if (code >= 0x590 && code <= 0x5ff) return "hebrew";
  if (
    (code >= 0x600 && code <= 0x6ff) ||
    (code >= 0x750 && code <= 0x77f) ||
    (code >= 0xfb50 && code <= 0xfeff)
  ) {
    return "arabic";
  }
  if (code >= 0x900 && code <= 0xdff) return "indic";
  if (
    (code >= 0x3040 && code <= 0x30ff) ||
    (code >= 0x3400 && code <= 0x9fff) ||
    (code >= 0xac00 && code <= 0xd7af) ||
    (code >= 0x1100 && code <= 0x11ff) ||
    (code >= 0xff66 && code <= 0xff9f)
  ) {
    return "cjk";
  }
  return code >= 0x300 && code <= 0x36f ? undefined : "other";
}

const CONFUSABLE: ReadonlySet<Script> = new Set(["latin", "cyrillic", "greek"]);

/** A word spelled in two of Latin, Cyrillic and Greek: look-alike spelling. */
function mixesLookAlikes(word: string): boolean {
  let first: Script | undefined;
  for (const char of word) {
    const script = scriptOf(char.codePointAt(0) ?? 0);
    if (!script || !CONFUSABLE.has(script)) continue;
    if (first === undefined) first = script;
    else if (script !== first) return true;
  }
  return false;
}

/** The script most letters of a text are in, and how many letters it has. */
export function dominantScript(text: string): { script: Script | undefined; letters: number } {
  const counts = new Map<Script, number>();
  let letters = 0;
  for (const char of text) {
    const script = scriptOf(char.codePointAt(0) ?? 0);
    if (!script) continue;
    letters += 1;
    counts.set(script, (counts.get(script) ?? 0) + 1);
  }
  let best: Script | undefined;
  let bestCount = 0;
  for (const [script, count] of counts) {
    if (count > bestCount) [best, bestCount] = [script, count];
  }
  return { script: best, letters };
}

/** A body this long in another script than the name's is worth a (weak) mention. */
const LONG_BODY_LETTERS = 80;

export function mixedScriptSignals(text: SubmissionText, bodyHasLinks: boolean): Finding[] {
  const found: Finding[] = [];
  const mixed = [...text.names, ...text.short, text.body].flatMap((value) =>
    wordsOf(value).filter(mixesLookAlikes),
  );
  if (mixed.length > 0) {
    const weight = mixed.length >= 3 ? WEIGHTS.mixedScripts.severalWords : WEIGHTS.mixedScripts.oneWord;
    const words = [...new Set(mixed.map((word) => word.slice(0, 40)))];
    found.push(finding("mixed-scripts", weight, `letters of two alphabets in one word: ${listed(words)}`));
  }
  const name = dominantScript(text.names.join(" "));
  const body = dominantScript(text.body);
  if (
    name.script &&
    body.script &&
    name.script !== body.script &&
    body.letters >= LONG_BODY_LETTERS &&
    bodyHasLinks
  ) {
    found.push(
      finding(
        "mixed-scripts",
        WEIGHTS.mixedScripts.nameAndBody,
        `name in ${name.script}, message in ${body.script}`,
      ),
    );
  }
  return found;
}
