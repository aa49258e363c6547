import { describe, expect, it } from "vitest";
import { csvCell, csvHeader, csvRow, UTF8_BOM } from "./csv";

describe("CSV", () => {
  it("quotes commas, quotes and line breaks per RFC 4180", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("Doe, Jane")).toBe('"Doe, Jane"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(" padded ")).toBe('" padded "');
    expect(csvCell(undefined)).toBe("");
    expect(csvRow(["a", "b,c"])).toBe('a,"b,c"\r\n');
  });

  it.each(["=1+1", "+SUM(A1)", "-2+3", "@cmd", "\tx", '=HYPERLINK("http://x")'])(
    "neutralises a cell starting with a formula character: %s",
    (value) => {
      const cell = csvCell(value);
      expect(cell.replace(/^"/, "").startsWith("'")).toBe(true);
    },
  );

  it("keeps non-Latin letters and starts with a byte-order mark", () => {
    expect(csvCell("Zoë 山田 Ölçer")).toBe("Zoë 山田 Ölçer");
    expect(csvHeader([{ header: "Name", value: () => "" }])).toBe(`${UTF8_BOM}Name\r\n`);
  });

  it("does not touch a number-like cell that does not start with a formula character", () => {
    expect(csvCell("2025-03-01")).toBe("2025-03-01");
  });
});
