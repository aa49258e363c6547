/** Text helpers shared by web, functions and infra; no zod, so the public site can load them. */

/**
 * "/pricing///" -> "/pricing". A loop, not `replace(/\/+$/, "")`: that pattern restarts at every
 * slash of a run and is quadratic on a long run of slashes not at the end (40,000 took 1.4 s).
 */
export function trimTrailingSlashes(value: string): string {
  let end = value.length;
  while (end > 0 && value.charCodeAt(end - 1) === 0x2f) end -= 1;
  return value.slice(0, end);
}

/**
 * A control character or a line/paragraph separator — never part of one header line (a subject, a
 * passkey's name), and outside line breaks and tabs never part of plain text:
 * - C0, U+0000–U+001F (CR, LF, tab, VT, FF, ESC ...);
 * - DEL, U+007F;
 * - C1, U+0080–U+009F (NEL U+0085 among them, a line break to Unicode and some mail software);
 * - the Unicode line and paragraph separators U+2028 and U+2029.
 * That is every character of the categories Cc, Zl and Zp, which includes every character that
 * Unicode's line breaking rules treat as a mandatory break (CR, LF, NEL, VT, FF, U+2028, U+2029).
 * Format characters such as the bidi marks (U+200E/F) break no line and stay allowed.
 */
export function isControlCharacter(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}

/** Whether `value` holds a control character (isControlCharacter) other than those of `allowed`. */
export function hasControlCharacter(value: string, allowed = ""): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (isControlCharacter(code) && !allowed.includes(value[index] as string)) return true;
  }
  return false;
}
