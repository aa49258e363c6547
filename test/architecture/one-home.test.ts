import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { oneHomeProblems, readSources, type Source } from "./one-home";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const sources = readSources(repo, ["functions", "events", "web/src"]);

describe("one home per concept (docs/DEVELOPING.md)", () => {
  it("reads the real tree", () => {
    expect(sources.length).toBeGreaterThan(300);
    expect(sources.some((source) => source.file === "functions/lib/transact.ts")).toBe(true);
    expect(sources.some((source) => source.file === "web/src/pages/Contact.tsx")).toBe(true);
  });

  it("finds no second home", () => {
    expect(oneHomeProblems(sources)).toEqual([]);
  });
});

describe("the check refuses what it must (planted sources)", () => {
  const planted = (file: string, text: string): string[] =>
    oneHomeProblems([{ file, text } satisfies Source]);

  it("TransactItem or sleep declared, or imported under that name, outside functions/lib/transact.ts", () => {
    const found = planted(
      "functions/leads/lead-desk.ts",
      [
        'import { setTimeout as sleep } from "node:timers/promises";',
        "type TransactItem = Record<string, unknown>;",
        "const pause = async (ms: number) => { const sleep = ms; return sleep; };",
      ].join("\n"),
    );
    expect(found).toHaveLength(3);
    expect(found[0]).toContain("functions/leads/lead-desk.ts:1 declares sleep");
    expect(planted("functions/lib/transact.ts", "export const sleep = (ms: number) => ms;")).toEqual([]);
    expect(
      planted("functions/leads/lead-desk.ts", 'import { sleep, type TransactItem } from "../lib/transact";'),
    ).toEqual([]);
  });

  it("a Clock named otherwise, as a property, an optional property or a parameter", () => {
    const found = planted(
      "functions/staff/password-reset.ts",
      [
        "interface Deps { readonly now: Clock; readonly time?: Clock | undefined; readonly clock: Clock }",
        "class Worker { constructor(private readonly timer: Clock) {} }",
        "export function at(when: Clock, clock: Clock) { return [when(), clock()]; }",
      ].join("\n"),
    );
    expect(found.map((problem) => problem.split(" names ")[1])).toEqual([
      'a Clock "now": every Clock is named clock',
      'a Clock "time": every Clock is named clock',
      'a Clock "timer": every Clock is named clock',
      'a Clock "when": every Clock is named clock',
    ]);
  });

  it("NFKC or NFKD outside the identity rule", () => {
    const text =
      'export const fold = (s: string, f: "NFKC") => [s.normalize("NFKD"), s.normalize(f), s.normalize("NFC")];';
    expect(planted("functions/staff/login.ts", text)).toHaveLength(2);
    expect(planted("functions/model/identity.ts", text)).toEqual([]);
    expect(planted("functions/model/lead-index.ts", text)).toHaveLength(2);
  });

  it("an export that is only a second name", () => {
    const found = planted(
      "functions/model/mail/templates.ts",
      [
        'import { formatTeamTime } from "../../../events/team-time";',
        "export const formatTimestamp = formatTeamTime;",
        "export { formatTeamTime as formatTime };",
        "const local = formatTeamTime;",
        "export const twice = (iso: string) => formatTeamTime(iso);",
      ].join("\n"),
    );
    expect(found).toHaveLength(2);
    expect(found[0]).toContain("exports formatTimestamp, another name for formatTeamTime");
  });

  it("a kind mapped to its plural or back, or the plurals listed, outside events/desk.ts", () => {
    const text = [
      'const PLURAL = { signup: "signups", contact: "contacts" } as const;',
      'const KIND = { signups: "signup" };',
      'export const kindOf = (plural: string) => (plural === "signups" ? "signup" : "contact");',
      'export const PLURALS = ["signups", "contacts"] as const;',
      'const SPECS = { signup: { lead: SIGNUP_KIND, plural: "signups" }, contact: { path: "contacts" } };',
      'export const TABLES = { signups: tableName("signups"), table: "contacts", contact: { table: "signups" } };',
    ].join("\n");
    expect(planted("functions/model/mail/desk-emails.ts", text)).toHaveLength(7);
    expect(planted("web/src/commandcenter/leads/deskModel.ts", text)).toHaveLength(7);
    expect(planted("events/desk.ts", text)).toEqual([]);
    // infra/ and test/ are outside the check.
    expect(planted("infra/environment.ts", text)).toEqual([]);
  });

  it("zod imported without events/jitless.ts next, or configured elsewhere", () => {
    expect(
      planted("events/desk.ts", 'import * as z from "zod";\nexport const A = z.object({});'),
    ).toHaveLength(1);
    expect(
      planted(
        "web/src/forms/submit.ts",
        'import * as z from "zod";\nimport { x } from "../../../events/jitless";',
      ),
    ).toHaveLength(1);
    expect(
      planted(
        "web/src/forms/submit.ts",
        "const g = globalThis as { __zod_globalConfig?: object };\nz.config({});\nconst { config } = z;",
      ),
    ).toHaveLength(3);
    expect(planted("events/desk.ts", 'import * as z from "zod";\nimport "./jitless";')).toEqual([]);
    expect(
      planted("functions/lib/http/api.ts", 'import * as z from "zod";\nimport "../../../events/jitless";'),
    ).toEqual([]);
    expect(planted("functions/lib/env.ts", 'import type * as z from "zod";')).toEqual([]);
    expect(planted("events/jitless.ts", 'import * as z from "zod";\nz.config({ jitless: true });')).toEqual(
      [],
    );
  });
});
