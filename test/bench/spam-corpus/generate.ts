/**
 * Writes legit.jsonl and spam.jsonl beside this file: `npx tsx test/bench/spam-corpus/generate.ts`.
 * Deterministic (a fixed seed), composed from the hand-written pieces in legit-pieces.ts and
 * spam-pieces.ts; re-run it after changing a piece and commit the files with it.
 */
import { writeFile } from "node:fs/promises";
import { isMainModule } from "../../../infra/main-module";
import type { CorpusEntry } from "./corpus";
import { drawFrom } from "./draw";
import { legitEntry } from "./generate-legit";
import { SPAM_KINDS } from "./generate-spam";

export const LEGIT_COUNT = 520;

export function generateCorpus(seed = 20261129): { legit: CorpusEntry[]; spam: CorpusEntry[] } {
  const draw = drawFrom(seed);
  const legit = Array.from({ length: LEGIT_COUNT }, () => legitEntry(draw));
  const spam: CorpusEntry[] = [];
  for (const { count, make } of Object.values(SPAM_KINDS)) {
    const made: CorpusEntry[] = [];
    while (made.length < count) made.push(...[make(draw)].flat());
    spam.push(...made.slice(0, count));
  }
  return { legit, spam };
}

const jsonl = (entries: readonly CorpusEntry[]) =>
  `${entries.map((entry) => JSON.stringify(entry)).join("\n")}\n`;

if (isMainModule(import.meta.url)) {
  const { legit, spam } = generateCorpus();
  await writeFile(new URL("./legit.jsonl", import.meta.url), jsonl(legit));
  await writeFile(new URL("./spam.jsonl", import.meta.url), jsonl(spam));
  console.log(`wrote ${legit.length} legitimate and ${spam.length} spam submissions`);
}
