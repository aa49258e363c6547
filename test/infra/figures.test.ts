/**
 * docs/DEPLOY.md's figures per stage (resources per stack, alarms, idle cost) and decision 0099's
 * pointer to them, recomputed from the synthesized templates: a change that adds resources or
 * alarms fails here until the document says so (the failure prints the row to paste).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { figuresRow, stageFigures } from "./figures";
import { type SynthesizedStage, synthesizeStage } from "./synth";

const root = fileURLToPath(new URL("../..", import.meta.url));
const deployDoc = readFileSync(`${root}docs/DEPLOY.md`, "utf8");

const synthesized = new Map<string, SynthesizedStage>();
beforeAll(async () => {
  for (const name of ["dev", "prod"] as const) synthesized.set(name, await synthesizeStage(name));
}, 600_000);

describe("the figures docs/DEPLOY.md gives", () => {
  it.each(["dev", "prod"])("match stage %s as synthesized", (stage) => {
    const s = synthesized.get(stage) as SynthesizedStage;
    const row = figuresRow(stage, stageFigures(s.json, s.apiJson));
    const documented = deployDoc.split("\n").find((line) => line.startsWith(`| ${stage} | `));
    expect(documented, `docs/DEPLOY.md, "What it costs": ${row}`).toBe(row);
  });

  it("are the ones decision 0099 points to, instead of counts of its own", () => {
    const record = readFileSync(`${root}docs/decisions/0099-rest-api-in-a-nested-stack.md`, "utf8");
    expect(record).toContain("../DEPLOY.md#what-it-costs");
    expect(record).not.toMatch(/\bdev \d+ in the stage's stack\b/);
  });
});
