/**
 * Judging a public submission before it is stored: every signal scored, the reasons kept
 * (events/spam.ts). A spam verdict quarantines the lead; it never refuses or drops it. The
 * signals, one module per family, and what each weighs (weights.ts) are explained in
 * docs/decisions/0131-spam-signals-and-weights.md.
 */
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { SpamVerdict } from "../../../events/spam";
import type { Clock } from "../../lib/clock";
import { networkBurstSignal } from "./burst";
import { fillTimeSignal, honeypotSignal, tokenSignal } from "./form-signals";
import { gibberishSignals } from "./gibberish";
import { linkSignals } from "./links";
import type { ResolveMx } from "./mail-exchanger";
import { disposableSignal, mailExchangerSignal } from "./mailbox";
import { spamPhraseSignal } from "./phrases";
import { mixedScriptSignals } from "./scripts";
import type { SpamSubmission } from "./submission";
import { submissionText } from "./text";
import { type Finding, verdictOf } from "./weights";

export type { SpamSubmission } from "./submission";

/**
 * The clients a verdict may use; every one optional so a caller without it still gets a verdict
 * (without the signal that needs it).
 */
export interface SpamDeps {
  readonly clock?: Clock;
  /** With `ephemeralTable`: counts submissions per network (burst.ts). */
  readonly db?: DynamoDBDocumentClient;
  readonly ephemeralTable?: string;
  /** Asks whether the address's domain takes mail (mail-exchanger.ts `dnsMailExchanger` in AWS). */
  readonly resolveMx?: ResolveMx;
  /** The most a mail-exchanger lookup may hold the verdict; weights.ts LIMITS_OF_SIGNALS by default. */
  readonly mxTimeoutMs?: number;
  /** The most the burst count may hold the verdict; weights.ts LIMITS_OF_SIGNALS by default. */
  readonly burstTimeoutMs?: number;
}

export async function judgeSubmission(deps: SpamDeps, submission: SpamSubmission): Promise<SpamVerdict> {
  const text = submissionText(submission);
  const clock = deps.clock;
  // The two lookups run while the text is read.
  const lookups = Promise.all([
    disposableSignal(text.emailDomain),
    mailExchangerSignal(deps.resolveMx, text.emailDomain, deps.mxTimeoutMs),
    networkBurstSignal(
      deps.db && deps.ephemeralTable && clock
        ? { db: deps.db, ephemeralTable: deps.ephemeralTable, clock }
        : undefined,
      submission.network,
      deps.burstTimeoutMs,
    ),
  ]);
  const links = linkSignals(text);
  const local: (Finding | undefined)[] = [
    tokenSignal(submission.token),
    honeypotSignal(submission),
    fillTimeSignal(submission.fillMs),
    ...links,
    ...mixedScriptSignals(text, links.length > 0),
    spamPhraseSignal([...text.names, ...text.short, text.body]),
    ...gibberishSignals(text),
  ];
  const [disposable, mx, burst] = await lookups;
  return verdictOf(
    [...local, disposable, mx, burst].filter((found): found is Finding => found !== undefined),
  );
}
