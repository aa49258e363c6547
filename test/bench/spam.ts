/**
 * `npm run bench -- spam [--corpus DIR] [--spacing SECONDS]`: the spam judge against a labelled
 * corpus (test/bench/spam-corpus/legit.jsonl and spam.jsonl, or the same two files in DIR).
 * Prints the confusion matrix (legitimate kept and quarantined; spam kept and quarantined, per
 * kind), the misjudged entries with their reasons, and the judge's own latency: with the
 * mail-exchanger lookup stubbed (the corpus's `mx`, else "takes mail") and with a real resolver
 * asking a DNS server that never answers (a silent UDP socket on 127.0.0.1), where the judge must
 * answer at its time limit. Network counts go to dynalite, as they go to DynamoDB in AWS; entries
 * arrive `--spacing` seconds apart (default 15) in file order, legit first, unless they carry `at`.
 */
import { createSocket } from "node:dgram";
import os from "node:os";
import type { SpamVerdict } from "../../events/spam";
import { judgeSubmission, type SpamDeps } from "../../functions/pipeline/spam/judge";
import {
  dnsMailExchanger,
  type MailAnswer,
  type ResolveMx,
} from "../../functions/pipeline/spam/mail-exchanger";
import { domainOf } from "../../functions/pipeline/spam/text";
import { LIMITS_OF_SIGNALS } from "../../functions/pipeline/spam/weights";
import { startDynalite } from "../support/dynamo";
import { atLeast, atMost, type BenchResult, info } from "./figures";
import { CORPUS_DIR, type CorpusEntry, readCorpus } from "./spam-corpus/corpus";

const START = Date.parse("2026-11-30T09:00:00.000Z");
const TIMEOUT_SAMPLE = 120;

interface Judged {
  readonly entry: CorpusEntry;
  readonly verdict: SpamVerdict;
  readonly ms: number;
}

function argument(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

function quantile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const value =
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
  return Number(value.toFixed(2));
}

/** What the stub DNS answers: each domain as the corpus describes it, "mail" for the rest. */
function stubResolver(entries: readonly CorpusEntry[]): ResolveMx {
  const answers = new Map<string, MailAnswer>();
  for (const entry of entries) if (entry.mx) answers.set(domainOf(entry.email), entry.mx);
  return async (domain) => answers.get(domain) ?? "mail";
}

function submissionOf(entry: CorpusEntry) {
  return {
    kind: entry.kind,
    fields: entry.fields,
    email: entry.email,
    // The route's reading of the hidden field, for a corpus that keeps it among the fields.
    honeypotFilled:
      entry.honeypotFilled ?? (typeof entry.fields.website === "string" && entry.fields.website !== ""),
    token: entry.token,
    ...(entry.fillMs === undefined ? {} : { fillMs: entry.fillMs }),
    ...(entry.network === undefined ? {} : { network: entry.network }),
  };
}

async function judgeAll(
  entries: readonly CorpusEntry[],
  deps: (at: Date) => SpamDeps,
  spacingMs: number,
): Promise<Judged[]> {
  const judged: Judged[] = [];
  for (const [index, entry] of entries.entries()) {
    const at = entry.at ? new Date(entry.at) : new Date(START + index * spacingMs);
    const started = performance.now();
    const verdict = await judgeSubmission(deps(at), submissionOf(entry));
    judged.push({ entry, verdict, ms: performance.now() - started });
  }
  return judged;
}

function describe(judged: Judged): string {
  const fields = judged.entry.fields;
  const text = String(fields.notes ?? fields.message ?? "")
    .replace(/\s+/g, " ")
    .slice(0, 90);
  const reasons = judged.verdict.reasons
    .map((reason) => `${reason.code}${reason.detail ? ` (${reason.detail})` : ""}`)
    .join("; ");
  return `  [${judged.entry.category}] score ${judged.verdict.score} token ${judged.entry.token} fill ${judged.entry.fillMs ?? "-"} ${judged.entry.email} "${text}" -> ${reasons || "no reason"}`;
}

/** A resolver whose server takes every question and never answers. */
async function silentDnsServer(): Promise<{ address: string; close(): void }> {
  const socket = createSocket("udp4");
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", () => resolve()));
  socket.on("message", () => {});
  return { address: `127.0.0.1:${socket.address().port}`, close: () => socket.close() };
}

export async function run(args: string[]): Promise<BenchResult> {
  const dir = argument(args, "--corpus");
  const base = dir ? new URL(`file://${dir.endsWith("/") ? dir : `${dir}/`}`) : CORPUS_DIR;
  const spacingMs = Number(argument(args, "--spacing") ?? 15) * 1000;
  const legit = await readCorpus(new URL("legit.jsonl", base));
  const spam = await readCorpus(new URL("spam.jsonl", base));
  const dynamo = await startDynalite();
  try {
    const resolveMx = stubResolver([...legit, ...spam]);
    const deps = (at: Date): SpamDeps => ({
      db: dynamo.db,
      ephemeralTable: dynamo.tables.ephemeral,
      clock: () => at,
      resolveMx,
    });
    const judged = await judgeAll([...legit, ...spam], deps, spacingMs);
    const legitJudged = judged.slice(0, legit.length);
    const spamJudged = judged.slice(legit.length);
    const legitQuarantined = legitJudged.filter((j) => j.verdict.spam);
    const spamKept = spamJudged.filter((j) => !j.verdict.spam);

    console.log(
      `\nlegitimate: ${legit.length}  kept ${legit.length - legitQuarantined.length}  quarantined ${legitQuarantined.length}`,
    );
    console.log(
      `spam:       ${spam.length}  kept ${spamKept.length}  quarantined ${spam.length - spamKept.length}`,
    );
    const kindOf = (entry: CorpusEntry) => entry.category ?? "unlabelled";
    const kinds = [...new Set(spam.map(kindOf))];
    console.log(
      `\n${"kind of spam".padEnd(16)} ${"total".padStart(6)} ${"kept".padStart(6)} ${"quarantined".padStart(12)}`,
    );
    const perKind: Record<string, { total: number; kept: number }> = {};
    for (const kind of kinds) {
      const ofKind = spamJudged.filter((j) => kindOf(j.entry) === kind);
      const kept = ofKind.filter((j) => !j.verdict.spam).length;
      perKind[kind] = { total: ofKind.length, kept };
      console.log(
        `${kind.padEnd(16)} ${String(ofKind.length).padStart(6)} ${String(kept).padStart(6)} ${String(ofKind.length - kept).padStart(12)}`,
      );
    }
    if (legitQuarantined.length > 0)
      console.log(
        "\nlegitimate quarantined:",
        ...legitQuarantined.slice(0, 20).map((j) => `\n${describe(j)}`),
      );
    if (spamKept.length > 0)
      console.log("\nspam kept:", ...spamKept.slice(0, 40).map((j) => `\n${describe(j)}`));
    const closest = [...legitJudged].sort((a, b) => b.verdict.score - a.verdict.score).slice(0, 5);
    console.log("\nlegitimate closest to the threshold:", ...closest.map((j) => `\n${describe(j)}`));
    const reasonCounts: Record<string, number> = {};
    for (const j of judged)
      for (const reason of j.verdict.reasons)
        reasonCounts[reason.code] = (reasonCounts[reason.code] ?? 0) + 1;
    console.log("\nreasons fired:", JSON.stringify(reasonCounts));

    // Latency: the judge alone, a second pass so the first pass's cold caches do not count.
    const warm = await judgeAll([...legit, ...spam], deps, spacingMs);
    const stubbed = warm.map((j) => j.ms);
    // The judge's own work: the same, without the network count's write.
    const alone = (
      await judgeAll([...legit, ...spam], (at) => ({ clock: () => at, resolveMx }), spacingMs)
    ).map((j) => j.ms);
    const silent = await silentDnsServer();
    let timedOut: number[];
    try {
      const realMx = dnsMailExchanger([silent.address]);
      // Fresh domains, so the per-container cache cannot answer for the resolver.
      const sample = [...legit, ...spam]
        .slice(0, TIMEOUT_SAMPLE)
        .map((entry, i) => ({ ...entry, email: `bench${i}@unanswered-${i}.example.com` }));
      const slow = await judgeAll(sample, (at) => ({ ...deps(at), resolveMx: realMx }), spacingMs);
      timedOut = slow.map((j) => j.ms);
    } finally {
      silent.close();
    }
    const limit = LIMITS_OF_SIGNALS.mxTimeoutMs;
    console.log(
      `\nload average at the start of the latency runs: ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(" / ")} on ${os.cpus().length} cores`,
    );
    console.log(
      `judge latency without the network count: p50 ${quantile(alone, 50)} ms, p99 ${quantile(alone, 99)} ms`,
    );
    console.log(
      `judge latency, DNS stubbed: p50 ${quantile(stubbed, 50)} ms, p99 ${quantile(stubbed, 99)} ms (${stubbed.length} judged)`,
    );
    console.log(
      `judge latency, DNS never answers: p50 ${quantile(timedOut, 50)} ms, p99 ${quantile(timedOut, 99)} ms, max ${quantile(timedOut, 100)} ms (limit ${limit} ms, ${timedOut.length} judged)`,
    );

    const spamRate = Number((((spam.length - spamKept.length) / spam.length) * 100).toFixed(1));
    return {
      figures: [
        info("legitimate submissions", legit.length),
        atMost("legitimate quarantined", legitQuarantined.length, "", 0),
        info("spam submissions", spam.length),
        atLeast("spam quarantined", spamRate, "%", 95),
        atMost("judge p99, DNS stubbed", quantile(stubbed, 99), "ms", 20),
        info("judge p50, DNS stubbed", quantile(stubbed, 50), "ms"),
        info("judge p99 without the network count", quantile(alone, 99), "ms"),
        atMost("judge max, DNS never answers", quantile(timedOut, 100), "ms", limit + 20),
        info("judge p50, DNS never answers", quantile(timedOut, 50), "ms"),
      ],
      details: { perKind, reasonCounts },
    };
  } finally {
    await dynamo.close();
  }
}
