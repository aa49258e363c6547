import { describe, expect, it } from "vitest";
import { hasControlCharacter, isControlCharacter } from "./text";

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;

describe("isControlCharacter", () => {
  it.each([
    ["C0 (NUL, tab, LF, VT, FF, CR, ESC, U+001F)", [0x00, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1b, 0x1f]],
    ["DEL", [0x7f]],
    ["C1 (U+0080, NEL, U+009F)", [0x80, 0x85, 0x9f]],
    ["the line and paragraph separators", [0x2028, 0x2029]],
  ])("covers %s", (_, codes) => {
    expect(codes.filter((code) => !isControlCharacter(code)).map(hex)).toEqual([]);
  });

  it("leaves printable text, spaces and format characters alone", () => {
    const allowed = [
      0x20, // space
      0x7e, // ~
      0xa0, // no-break space, the first code after C1
      0xe9, // é
      0x200b, // zero-width space
      0x200e, // left-to-right mark
      0x200f, // right-to-left mark
      0x2027, // hyphenation point, just below U+2028
      0x202a, // left-to-right embedding, just above U+2029
      0xfeff, // byte order mark
      0xd83d, // a high surrogate (the first half of an emoji)
    ];
    expect(allowed.filter(isControlCharacter).map(hex)).toEqual([]);
  });

  it("is exactly Unicode's categories Cc, Zl and Zp", () => {
    const category = /^[\p{Cc}\p{Zl}\p{Zp}]$/u;
    const differ: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      if (isControlCharacter(code) !== category.test(String.fromCharCode(code))) differ.push(hex(code));
    }
    expect(differ).toEqual([]);
  });
});

describe("hasControlCharacter", () => {
  it("finds one of each class anywhere in the text", () => {
    for (const char of ["\0", "\r", "\n", "\t", "\x7f", "\x85", "\x9f", "\u2028", "\u2029"]) {
      expect([hex(char.charCodeAt(0)), hasControlCharacter(`Re: hello${char}Bcc: x@y`)]).toEqual([
        hex(char.charCodeAt(0)),
        true,
      ]);
    }
    expect(hasControlCharacter("Re: Grüße — 👋 ‎שלום")).toBe(false);
    expect(hasControlCharacter("")).toBe(false);
  });

  it("lets the characters named in `allowed` through, and only those", () => {
    expect(hasControlCharacter("line one\r\nline two\tend", "\r\n\t")).toBe(false);
    expect(hasControlCharacter("line one\u0085line two", "\r\n\t")).toBe(true);
    expect(hasControlCharacter("line one\u2028line two", "\r\n\t")).toBe(true);
  });
});
