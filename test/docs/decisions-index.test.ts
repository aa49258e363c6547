import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const folder = fileURLToPath(new URL("../../docs/decisions/", import.meta.url));

describe("docs/decisions/README.md", () => {
  it("lists every decision record", () => {
    const index = readFileSync(`${folder}README.md`, "utf8");
    const records = readdirSync(folder).filter((name) => /^\d{4}-.*\.md$/.test(name));
    expect(records.filter((name) => !index.includes(`](${name})`))).toEqual([]);
  });

  it("has no two records with one number", () => {
    const numbers = readdirSync(folder)
      .filter((name) => /^\d{4}-/.test(name))
      .map((name) => name.slice(0, 4));
    expect(numbers.filter((number, i) => numbers.indexOf(number) !== i)).toEqual([]);
  });
});
