/**
 * The labelled corpus of public submissions (legit.jsonl, spam.jsonl beside this file), one JSON
 * object per line: what the spam judge is given, plus the labels the bench reads.
 */
import { readFile } from "node:fs/promises";
import type { TokenState } from "../../../events/spam";
import type { MailAnswer } from "../../../functions/pipeline/spam/mail-exchanger";

export interface CorpusEntry {
  readonly kind: "signup" | "contact";
  /** A label for the bench's table: "free-mail", "non-latin", "seo", "burst"… (absent: "unlabelled"). */
  readonly category?: string;
  readonly fields: Record<string, unknown>;
  readonly email: string;
  readonly fillMs?: number;
  readonly token: TokenState;
  readonly network?: string;
  readonly honeypotFilled?: boolean;
  /** What DNS says of the e-mail's domain, for the bench's stub resolver; absent: it takes mail. */
  readonly mx?: MailAnswer;
  /** When it arrived (ISO); absent: the bench spaces entries evenly in file order. */
  readonly at?: string;
}

export const CORPUS_DIR = new URL("./", import.meta.url);

export async function readCorpus(file: URL): Promise<CorpusEntry[]> {
  const text = await readFile(file, "utf8");
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as CorpusEntry);
}
