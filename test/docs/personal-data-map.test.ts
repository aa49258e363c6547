/**
 * docs/product/privacy.md carries the map of where personal data lives exactly as the code states
 * it (functions/privacy/personal-data-map.ts), between its two markers. When the map changes,
 * paste `personalDataMapMarkdown()`'s text there (the failure shows it).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { personalDataMapMarkdown } from "../../functions/privacy/personal-data-map";
import { REPO_ROOT } from "../../infra/repo-root";

const BEGIN = "<!-- personal-data-map:begin (functions/privacy/personal-data-map.ts) -->";
const END = "<!-- personal-data-map:end -->";

describe("docs/product/privacy.md", () => {
  it("shows the personal data map as the code states it", () => {
    const page = readFileSync(path.join(REPO_ROOT, "docs/product/privacy.md"), "utf8");
    const start = page.indexOf(BEGIN);
    const end = page.indexOf(END);
    expect(start).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    expect(page.slice(start + BEGIN.length, end).trim()).toBe(personalDataMapMarkdown());
  });
});
