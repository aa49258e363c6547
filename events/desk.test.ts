/** The reply's subject is one header line and its body plain text (docs/decisions/0068-replies.md). */
import { describe, expect, it } from "vitest";
import { isOneLine, kindOfPlural, LEAD_KINDS, LEAD_PLURALS, type LeadPlural, ReplyRequest } from "./desk";
import { PasskeyRenameRequest } from "./passkeys";

const reply = (fields: { subject?: string; body?: string }) =>
  ReplyRequest.safeParse({
    kind: "signup",
    id: "s-1",
    idempotencyKey: "0123456789abcdef",
    subject: "Your RepDesk demo",
    body: "Hello Ada,\n\nthanks!\tSee you soon.",
    ...fields,
  });

/** One of each class inside the text (at the ends, trim() would take some away first). */
const CONTROLS: [string, string][] = [
  ["C0 CR", "\r"],
  ["C0 LF", "\n"],
  ["C0 tab", "\t"],
  ["C0 NUL", "\0"],
  ["C0 ESC", "\x1b"],
  ["DEL", "\x7f"],
  ["C1 NEL", "\u0085"],
  ["C1 U+0080", "\u0080"],
  ["C1 U+009F", "\u009f"],
  ["line separator", "\u2028"],
  ["paragraph separator", "\u2029"],
];

describe("isOneLine", () => {
  it.each(CONTROLS)("refuses %s", (_, char) => {
    expect(isOneLine(`Hello${char}Bcc: victim@example.com`)).toBe(false);
  });

  it("takes ordinary text, accents, emoji and bidi marks", () => {
    expect(isOneLine("Re: Grüße, Zoë — 👋 \u200eשלום")).toBe(true);
  });
});

describe("ReplyRequest", () => {
  it("takes a one-line subject and a body with line breaks and tabs", () => {
    expect(reply({}).success).toBe(true);
  });

  it.each(CONTROLS)("refuses a subject with %s", (_, char) => {
    const result = reply({ subject: `Hello${char}Bcc: victim@example.com` });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Subject must be one line"]);
  });

  it.each(CONTROLS.filter(([, char]) => !"\r\n\t".includes(char)))("refuses a body with %s", (_, char) => {
    const result = reply({ body: `Hello${char}there` });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Message must be plain text"]);
  });
});

describe("a passkey's name", () => {
  it("is one line too: NEL and U+2028 are refused", () => {
    for (const name of ["Work\u0085laptop", "Work\u2028laptop"]) {
      const result = PasskeyRenameRequest.safeParse({ name });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Name must be one line"]);
    }
    expect(PasskeyRenameRequest.safeParse({ name: "Work laptop" }).success).toBe(true);
  });
});

describe("a lead kind's plural (LEAD_PLURALS)", () => {
  it("has one plural per kind, each read back to its kind", () => {
    expect(LEAD_PLURALS).toEqual({ signup: "signups", contact: "contacts" });
    for (const kind of LEAD_KINDS) expect(kindOfPlural(LEAD_PLURALS[kind])).toBe(kind);
    expect(new Set(Object.values(LEAD_PLURALS)).size).toBe(LEAD_KINDS.length);
  });

  it("refuses a string that is no kind's plural (an untyped caller)", () => {
    expect(() => kindOfPlural("signup" as LeadPlural)).toThrow();
    expect(() => kindOfPlural("__proto__" as LeadPlural)).toThrow();
  });
});
