import { describe, expect, it } from "vitest";
import type { SourceReportRow } from "../../../../events/source-report";
import { daysBefore, shownRows } from "./sourceRows";

const figures = {
  signups: 0,
  contacts: 0,
  withinPromiseShare: null,
  medianFirstReplyMs: null,
  qualified: 0,
  trial: 0,
  won: 0,
};
const rows: SourceReportRow[] = [
  { level: "channel", channel: "direct", leads: 3, ...figures },
  { level: "source", channel: "direct", source: "(none)", leads: 3, ...figures },
  { level: "campaign", channel: "direct", source: "(none)", campaign: "(none)", leads: 3, ...figures },
  { level: "channel", channel: "email", leads: 5, ...figures, withinPromiseShare: 0.5 },
  { level: "source", channel: "email", source: "newsletter", leads: 5, ...figures },
  { level: "campaign", channel: "email", source: "newsletter", campaign: "nov", leads: 2, ...figures },
  { level: "campaign", channel: "email", source: "newsletter", campaign: "dec", leads: 3, ...figures },
];

describe("shown rows", () => {
  it("sort within each group and show children of open groups only", () => {
    const shown = shownRows(
      rows,
      { column: "leads", descending: true },
      new Set(["email", "email\tnewsletter"]),
    );
    expect(shown.map((s) => s.key)).toEqual([
      "email",
      "email\tnewsletter",
      "email\tnewsletter\tdec",
      "email\tnewsletter\tnov",
      "direct",
    ]);
  });

  it("put rows without a figure last in either direction", () => {
    for (const descending of [true, false])
      expect(
        shownRows(rows, { column: "withinPromiseShare", descending }, new Set()).map((s) => s.key),
      ).toEqual(["email", "direct"]);
  });

  it("count days back across months", () => {
    expect(daysBefore("2026-03-01", 1)).toBe("2026-02-28");
  });
});
