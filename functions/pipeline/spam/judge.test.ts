import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CLEAN_VERDICT, SPAM_REASON_CODES, SPAM_REASON_LABELS } from "../../../events/spam";
import { fuzzSettings } from "../../../test/support/fuzz";
import { backtrackingText } from "../../../test/support/fuzz-arbitraries";
import { judgeSubmission, type SpamSubmission } from "./judge";
import type { ResolveMx } from "./mail-exchanger";
import { MAX_FIELD } from "./text";
import { SPAM_THRESHOLD, WEIGHTS } from "./weights";

const takesMail: ResolveMx = async () => "mail";
const person: SpamSubmission = {
  kind: "signup",
  fields: {
    firstName: "Małgorzata",
    lastName: "Wiśniewska",
    teamSize: "team",
    productLines: "multiple",
    notes: "",
  },
  email: "m.wisniewska@acme.pl",
  honeypotFilled: false,
  token: "valid",
  fillMs: 48_000,
  network: "203.0.113.5",
};

describe("the verdict", () => {
  it("keeps a person's submission clean, in any script, with their own site", async () => {
    for (const notes of [
      "",
      "Dzień dobry, mamy 10 przedstawicieli handlowych. Czy jest polska wersja? https://www.acme.pl",
      "您好，我们公司有15名销售代表，想了解一下价格和试用。",
      "Hi! teh trial ended before i could show my boss — can it be extended? Thx",
    ]) {
      expect(
        await judgeSubmission({ resolveMx: takesMail }, { ...person, fields: { ...person.fields, notes } }),
      ).toEqual(CLEAN_VERDICT);
    }
  });

  it("treats an unchecked token as no evidence and still judges the rest", async () => {
    expect(await judgeSubmission({}, { ...person, token: "unchecked", fillMs: undefined })).toEqual(
      CLEAN_VERDICT,
    );
  });

  it("quarantines on the honeypot alone (decision 0131)", async () => {
    const verdict = await judgeSubmission({}, { ...person, honeypotFilled: true });
    expect(verdict).toEqual({
      spam: true,
      score: WEIGHTS.honeypot,
      reasons: [{ code: "honeypot", detail: "the hidden field people never see was filled in" }],
    });
  });

  it("lists every reason that fired and sums their weights against the threshold", async () => {
    const verdict = await judgeSubmission(
      { resolveMx: async () => "no-domain" },
      {
        ...person,
        kind: "contact",
        token: "absent",
        fillMs: 1_800,
        fields: {
          firstName: "John",
          lastName: "Smith",
          message: "We sell backlinks: https://bit.ly/x https://a.top",
        },
        email: "john@nowhere-xyz.com",
      },
    );
    expect(verdict.reasons.map((reason) => reason.code)).toEqual([
      "token",
      "too-fast",
      "links",
      "links",
      "spam-phrases",
      "no-mail-exchanger",
    ]);
    expect(verdict.score).toBe(
      WEIGHTS.token.absent +
        WEIGHTS.tooFast.instant +
        WEIGHTS.links.shortener +
        WEIGHTS.links.two +
        WEIGHTS.spamPhrases.strong +
        WEIGHTS.noMailExchanger,
    );
    expect(verdict.spam).toBe(true);
  });

  it("keeps weak evidence below the threshold: a refused token and a quick fill are not enough", async () => {
    const verdict = await judgeSubmission({}, { ...person, token: "invalid", fillMs: 4_000 });
    expect(verdict.score).toBe(WEIGHTS.token.invalid + WEIGHTS.tooFast.quick);
    expect(verdict.score).toBeLessThan(SPAM_THRESHOLD);
    expect(verdict.spam).toBe(false);
  });

  it("gives every reason code a label staff can read", () => {
    for (const code of SPAM_REASON_CODES) expect(SPAM_REASON_LABELS[code].length).toBeGreaterThan(3);
  });
});

/**
 * Hostile sizes: six fields of 64 KB each (the address too) of the shapes that make patterns
 * backtrack or loops repeat. The bound is a hang's, not a speed target: the judge takes tens of
 * milliseconds on 384 KB of such text on an idle machine and a few hundred at a load of 25 on two
 * cores (least of three runs, so a GC pause does not count); one quadratic step over a 64 KB field
 * is 4·10⁹ steps, seconds per field, so the bound still tells the two apart.
 */
const HOSTILE_BUDGET_MS = 2_000;
const settings = fuzzSettings();

async function judgeMs(value: string): Promise<number> {
  const submission: SpamSubmission = {
    ...person,
    kind: "contact",
    fields: { firstName: value, lastName: value, company: value, phone: value, message: value, notes: value },
    email: `${value}@${value}`,
  };
  let least = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    await judgeSubmission({ resolveMx: takesMail }, submission);
    least = Math.min(least, performance.now() - started);
  }
  return least;
}

const fill = (unit: string) => unit.repeat(Math.ceil(MAX_FIELD / unit.length)).slice(0, MAX_FIELD);

describe(`hostile input (FUZZ_SEED=${settings.seed})`, () => {
  it.each([
    ["dots", "a."],
    ["schemes", "http://"],
    ["closing punctuation", ")"],
    ["opening then word", "((((x"],
    ["single letters", "b "],
    ["leet symbols", "@$!|"],
    ["alternating alphabets", "aа"],
    ["one long word", "x"],
    ["markup", "<a href="],
    ["consonants", "qwrtzpsdfg"],
    ["white space", " \n\t"],
    ["emoji and marks", "😀\u0301"],
    ["CJK", "网站推广快"],
    ["long link", "https://x.com/"],
  ])("judges 64 KB of %s in every field within the budget", async (_, unit) => {
    expect(await judgeMs(fill(unit))).toBeLessThan(HOSTILE_BUDGET_MS);
  });

  it("judges generated backtracking text within the budget", async () => {
    await fc.assert(
      fc.asyncProperty(backtrackingText, async (value) => {
        expect(await judgeMs(value.slice(0, MAX_FIELD))).toBeLessThan(HOSTILE_BUDGET_MS);
      }),
      {
        seed: settings.seed,
        numRuns: Math.min(settings.runs, 25),
        ...(settings.path ? { path: settings.path } : {}),
      },
    );
  });
});
