/**
 * fast-check arbitraries for fuzzing the HTTP API: valid bodies that mirror the events/ schemas
 * (and are checked against them on every case, so they cannot drift), and hostile input — any
 * JSON value, wrong types, huge and deeply nested bodies, bytes that are not UTF-8,
 * prototype-pollution keys, and header oddities.
 */
import fc from "fast-check";
import {
  CONTACT_SUBJECTS,
  ContactRequest,
  EMAIL_PATTERN,
  LIMITS,
  PRODUCT_LINES,
  SignupRequest,
  TEAM_SIZES,
} from "../../events";

/**
 * Characters a person may type. Not U+FFFD nor lone surrogates: the API refuses those on purpose,
 * as the trace of bytes that were not UTF-8 (functions/lib/http/json-body.ts), see
 * docs/decisions/0030-property-based-fuzzing.md.
 */
const NOT_TYPABLE = /[\uD800-\uDFFF\uFFFD]/u;
const typedChar = fc
  .oneof(
    { weight: 4, arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(" ", "é", "ß", "山", "😀", "👩‍💻", "\t", '"', "\\", "<", "'", "="),
    },
    { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
  )
  .filter((char) => !NOT_TYPABLE.test(char));

/** A string of at most `max` UTF-16 units (an astral character counts two) with a visible character. */
export function typedText(max: number, options: { required: boolean } = { required: true }) {
  const half = Math.floor(max / 4);
  const text = fc.oneof(
    { weight: 6, arbitrary: fc.array(typedChar, { maxLength: Math.min(40, half) }) },
    // Near the limit: where length checks and body-size limits meet.
    { weight: 1, arbitrary: fc.array(typedChar, { minLength: half, maxLength: half * 2 }) },
    {
      weight: 1,
      arbitrary: fc.string({ unit: "grapheme-ascii", minLength: max - 3, maxLength: max }).map((s) => [s]),
    },
    // At the limit in the heaviest typable characters (3 UTF-8 bytes per UTF-16 unit, or escaped).
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("山", "é", '"', "😀")
        .map((char) => [char.repeat(Math.floor(max / char.length))]),
    },
  );
  return text
    .map((chars) => chars.join(""))
    .filter((value) => value.length <= max && (!options.required || value.trim().length > 0));
}

const domainChar = typedChar.filter((char) => !/[\s@.]/u.test(char));
const localChar = typedChar.filter((char) => !/[\s@]/u.test(char));
const word = (chars: fc.Arbitrary<string>, max: number) =>
  fc.array(chars, { minLength: 1, maxLength: max }).map((parts) => parts.join(""));

/** The basic e-mail pattern of docs/product/site.md (something@something.tld), ASCII or not, within LIMITS.email. */
export const validEmail = fc
  .oneof(
    fc.emailAddress(),
    fc
      .tuple(word(localChar, 20), word(domainChar, 20), word(domainChar, 6))
      .map(([local, domain, tld]) => `${local}@${domain}.${tld}`),
  )
  .chain((email) => fc.constantFrom(email, ` ${email} `, email.toUpperCase()))
  .filter((email) => email.trim().length <= LIMITS.email && EMAIL_PATTERN.test(email.trim()));

const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 2 });

/** Absent, empty, false or null: what browsers send for the untouched honeypot. */
const emptyHoneypot = fc.constantFrom(undefined, "", "   ", null, false);

/** Drops keys whose value is undefined, so the body is what JSON would carry. */
function defined<T extends Record<string, unknown>>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}

export const validSignup = fc
  .record({
    firstName: typedText(LIMITS.name),
    lastName: typedText(LIMITS.name),
    email: validEmail,
    teamSize: fc.constantFrom(...TEAM_SIZES),
    productLines: fc.constantFrom(...PRODUCT_LINES),
    notes: optional(typedText(LIMITS.notes, { required: false })),
    submissionId: optional(fc.uuid({ version: 4 })),
    website: emptyHoneypot,
  })
  .map(defined);

export const validContact = fc
  .record({
    firstName: typedText(LIMITS.name),
    lastName: typedText(LIMITS.name),
    email: validEmail,
    phone: optional(typedText(LIMITS.phone, { required: false })),
    company: optional(typedText(LIMITS.company, { required: false })),
    subject: optional(fc.constantFrom(...CONTACT_SUBJECTS)),
    message: typedText(LIMITS.message),
    newsletter: optional(fc.boolean()),
    submissionId: optional(fc.uuid({ version: 4 })),
    website: emptyHoneypot,
  })
  .map(defined);

/** The schema each valid arbitrary mirrors; a generated body it refuses is a drift, not a case. */
export const VALID_BODIES = {
  signup: { arbitrary: validSignup, schema: SignupRequest },
  contact: { arbitrary: validContact, schema: ContactRequest },
} as const;

// ---------------------------------------------------------------------------------------------
// Hostile input

/**
 * Text that makes a backtracking pattern slow: long runs of one short unit of separators and
 * near-miss characters, near-miss e-mail addresses (a domain of dots, two "@", no TLD) and mixed
 * separators, up to what a 64 KB body holds. Random strings almost never have this shape, which is
 * how a quadratic e-mail pattern went unnoticed (docs/decisions/0050-linear-validation.md).
 */
const BACKTRACKING_UNITS = [".", "@", "a", " ", "-", "/", ":", "_", "\t", "a.", "a@", ".@", "@.", "-.", "/a"];
export const backtrackingText: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(...BACKTRACKING_UNITS),
      fc.integer({ min: 1, max: 30_000 }),
      fc.constantFrom("", "@", "!", " ", "a"),
    )
    .map(([unit, times, tail]) => `${unit.repeat(times)}${tail}`),
  fc
    .tuple(
      fc.constantFrom(".", "a.", "-", ".-"),
      fc.integer({ min: 1, max: 30_000 }),
      fc.constantFrom("@", "", " ", "@@"),
    )
    .map(([unit, times, tail]) => `x@${unit.repeat(times)}${tail}`),
  fc
    .tuple(fc.integer({ min: 1, max: 30_000 }), fc.constantFrom(".", "@", " "))
    .map(([times, tail]) => `${"a".repeat(times)}@${"b".repeat(times)}${tail}`),
  fc
    .array(fc.constantFrom(".", "@", "-", "_", "/", ":", " ", "a", "\u00a0"), { minLength: 1, maxLength: 64 })
    .chain((units) => fc.integer({ min: 1, max: 800 }).map((times) => units.join("").repeat(times))),
);

/** Wrong types and edge values for any field. */
export const anyFieldValue: fc.Arbitrary<unknown> = fc.oneof(
  backtrackingText,
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.string({ unit: "grapheme", maxLength: 300 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
  fc.constantFrom(
    "solo",
    "team",
    "single",
    "multiple",
    "sales",
    "a@b.co",
    "",
    " ",
    "\u0000",
    "💥".repeat(60),
  ),
  fc.string({ minLength: 5001, maxLength: 6000 }),
);

/** Keys that reach prototypes, plus the real field names. */
export const POLLUTION_KEYS = ["__proto__", "constructor", "prototype"] as const;

/** A valid body with some fields replaced, removed, or prototype-polluting keys added. */
export function mutatedBody(valid: fc.Arbitrary<Record<string, unknown>>, fields: readonly string[]) {
  return fc
    .tuple(
      valid,
      fc.dictionary(fc.constantFrom(...fields, "submissionId", "website", ...POLLUTION_KEYS), anyFieldValue, {
        maxKeys: 4,
      }),
      fc.subarray([...fields]),
    )
    .map(([body, overrides, removed]) => {
      const result: Record<string, unknown> = { ...body };
      for (const field of removed) delete result[field];
      for (const [key, value] of Object.entries(overrides)) {
        Object.defineProperty(result, key, { value, enumerable: true, configurable: true, writable: true });
      }
      return jsonBytes(result);
    });
}

/** `{"__proto__": {...}, "constructor": {"prototype": {...}}}` spelled out in the JSON text. */
export function pollutedBody(valid: fc.Arbitrary<Record<string, unknown>>) {
  return fc
    .tuple(valid, fc.constantFrom(...POLLUTION_KEYS), fc.constantFrom("start", "end"))
    .map(([body, key, where]) => {
      const payload =
        key === "constructor" ? '{"prototype":{"isAdmin":true,"ok":false}}' : '{"isAdmin":true,"polluted":1}';
      const fields = JSON.stringify(body).slice(1, -1);
      const polluting = `"${key}":${payload}`;
      const inner = where === "start" ? [polluting, fields] : [fields, polluting];
      return Buffer.from(`{${inner.filter(Boolean).join(",")}}`);
    });
}

export function jsonBytes(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value) ?? "null");
}

/** `[[[[...]]]]` or `{"a":{"a":...}}` of the given depth, possibly inside a valid body. */
const deepBody = fc
  .tuple(fc.integer({ min: 2, max: 6000 }), fc.constantFrom("array", "object", "field"))
  .map(([depth, kind]) => {
    if (kind === "array") return Buffer.from(`${"[".repeat(depth)}${"]".repeat(depth)}`);
    const nested = `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
    return Buffer.from(kind === "object" ? nested : `{"firstName":${nested}}`);
  });

/** Bodies around and far beyond LIMITS.bodyBytes. */
const hugeBody = fc
  .tuple(
    fc.integer({ min: LIMITS.bodyBytes - 64, max: LIMITS.bodyBytes * 4 }),
    fc.constantFrom("a", "é", " "),
  )
  .map(([size, char]) => {
    const text = char.repeat(Math.ceil(size / Buffer.byteLength(char)));
    return Buffer.from(JSON.stringify({ firstName: "x", notes: text }));
  });

/** Byte sequences that are not UTF-8: stray continuation bytes, overlongs, encoded surrogates. */
const BAD_UTF8 = [
  [0xff],
  [0xc3, 0x28],
  [0x80],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xe2, 0x82],
].map((bytes) => Buffer.from(bytes));

/** A body with invalid UTF-8 inside a string value, a key, or instead of everything. */
export function invalidUtf8Body(valid: fc.Arbitrary<Record<string, unknown>>) {
  return fc.oneof(
    fc.tuple(valid, fc.constantFrom(...BAD_UTF8), fc.nat()).map(([body, bad, at]) => {
      const text = Buffer.from(JSON.stringify(body));
      // Inside the first string value (after the first `":"`), else at any position.
      const quote = text.indexOf('":"');
      const position = quote >= 0 ? quote + 3 : at % (text.length + 1);
      return Buffer.concat([text.subarray(0, position), bad, text.subarray(position)]);
    }),
    fc.uint8Array({ maxLength: 128 }).map((bytes) => Buffer.from(bytes)),
    // JSON escapes of lone surrogates: valid bytes, text that no UTF-8 store can hold.
    fc
      .constantFrom('{"firstName":"\\ud800"}', '{"\\udfff":1}', '{"notes":"a\\udbff"}')
      .map((s) => Buffer.from(s)),
  );
}

/** Anything at all as a body. */
export function hostileBody(valid: fc.Arbitrary<Record<string, unknown>>, fields: readonly string[]) {
  return fc.oneof(
    { weight: 4, arbitrary: mutatedBody(valid, fields) },
    { weight: 1, arbitrary: pollutedBody(valid) },
    { weight: 2, arbitrary: fc.jsonValue().map(jsonBytes) },
    { weight: 1, arbitrary: fc.string({ unit: "binary" }).map((text) => Buffer.from(text)) },
    { weight: 1, arbitrary: deepBody },
    { weight: 1, arbitrary: hugeBody },
    { weight: 2, arbitrary: invalidUtf8Body(valid) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("", "{", "null", "[]", '"x"', "{}", "{,}").map((s) => Buffer.from(s)),
    },
  );
}

export type HeaderLine = readonly [string, string];

/** Content types right, wrong, missing or repeated. */
export const contentTypeHeaders: fc.Arbitrary<HeaderLine[]> = fc.oneof(
  { weight: 6, arbitrary: fc.constant([["Content-Type", "application/json"]] as HeaderLine[]) },
  {
    weight: 4,
    arbitrary: fc
      .constantFrom(
        "application/json; charset=utf-8",
        "APPLICATION/JSON",
        "application/json; charset=latin1",
        "application/json, text/plain",
        "text/plain",
        "text/json",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/octet-stream",
        "",
        ";",
        "application/json;;;charset",
      )
      .map((value): HeaderLine[] => [["Content-Type", value]]),
  },
  { weight: 1, arbitrary: fc.constant([] as HeaderLine[]) },
  {
    weight: 1,
    arbitrary: fc.constant([
      ["Content-Type", "application/json"],
      ["Content-Type", "text/plain"],
    ] as HeaderLine[]),
  },
);

/** Latin-1 header text (what HTTP/1.1 can carry), including separators and high bytes. */
const headerText = fc
  .array(
    fc.integer({ min: 0x20, max: 0xff }).filter((code) => code !== 0x7f),
    { maxLength: 60 },
  )
  .map((codes) => String.fromCharCode(...codes));

/** No cookie, garbage, or the session cookie repeated, in one or several Cookie lines. */
export const cookieHeaders: fc.Arbitrary<HeaderLine[]> = fc.oneof(
  { weight: 4, arbitrary: fc.constant([] as HeaderLine[]) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(fc.constantFrom("__Host-session", "session", "__proto__", "x"), headerText), {
        minLength: 1,
        maxLength: 4,
      })
      .map((pairs): HeaderLine[] => [
        ["Cookie", pairs.map(([name, value]) => `${name}=${value}`).join("; ")],
      ]),
  },
  {
    weight: 1,
    arbitrary: fc
      .array(headerText, { minLength: 2, maxLength: 3 })
      .map((values): HeaderLine[] => values.map((value) => ["Cookie", `__Host-session=${value}`])),
  },
  { weight: 1, arbitrary: headerText.map((value): HeaderLine[] => [["Cookie", value]]) },
);

/** Browser context headers: none, same origin, cross site. `host` is the runtime's host:port. */
export function originHeaders(host: string): fc.Arbitrary<HeaderLine[]> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant([] as HeaderLine[]) },
    {
      weight: 2,
      arbitrary: fc.constant([
        ["Origin", `http://${host}`],
        ["Sec-Fetch-Site", "same-origin"],
      ] as HeaderLine[]),
    },
    { weight: 1, arbitrary: fc.constant([["Sec-Fetch-Site", "cross-site"]] as HeaderLine[]) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("https://evil.example", "null", "not a url", `http://${host}.evil.example`)
        .map((origin): HeaderLine[] => [["Origin", origin]]),
    },
    { weight: 1, arbitrary: headerText.map((value): HeaderLine[] => [["X-Odd", value]]) },
  );
}

/** A query string: real parameter names with hostile values, repeated names, broken escapes. */
export function queryString(names: readonly string[]) {
  const value = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.string({ unit: "binary", maxLength: 20 }),
    fc.constantFrom("all", "", "0", "-1", "101", "1e3", "NaN", "solo", "team", "single", "multiple"),
    fc.constantFrom("2025-03-10T00:00:00.000Z", "2025-03-10T00:00:00+05:30", "2025-13-40T99:99:99Z"),
    fc.string({ minLength: 380, maxLength: 450 }),
    fc
      .array(fc.date({ noInvalidDate: true }), { maxLength: 70 })
      .map((dates) => dates.map((date) => date.toISOString()).join(",")),
  );
  const pair = fc.oneof(
    fc
      .tuple(fc.constantFrom(...names, "__proto__", "constructor"), value)
      .map(([n, v]) => `${n}=${encode(v)}`),
    fc.constantFrom("%", "%zz", "a=%E0%A4%A", "=", "&&", "limit", "q=%00", "q=%FF%FE"),
  );
  return fc.array(pair, { maxLength: 5 }).map((pairs) => (pairs.length > 0 ? `?${pairs.join("&")}` : ""));
}

function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate: send the bytes of an encoded surrogate, which are not UTF-8.
    return `${encodeURIComponent(value.replace(/[\uD800-\uDFFF]/gu, ""))}%ED%A0%80`;
  }
}

/** Path segments for `{id}`: plausible ids, junk, encoded slashes and traversal. */
export const pathId = fc.oneof(
  fc.uuid().map((id) => id),
  fc.string({ minLength: 1, maxLength: 40 }).map(encode),
  fc.constantFrom("%2e%2e", "..%2f..", "%00", "%", "%zz", "a%2Fb", "%E2%82", "x".repeat(600), "__proto__"),
);
