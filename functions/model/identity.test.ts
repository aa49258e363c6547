/**
 * Properties of the one identity rule (docs/decisions/0081), thousands of cases each: every
 * spelling that the canonical form maps together is one identity, everything kept apart stays
 * apart, a staff identity is always plain ASCII that a mail header reads as one address, and the
 * mailbox key folds exactly plus tags and Gmail's dots. FUZZ_SEED makes a run repeatable.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  HEADER_BREAKERS,
  keptApart,
  plainStaffAddress,
  plainUsername,
  spelled,
} from "../../test/support/identity-arbitraries";
import {
  breaksMailHeader,
  canonicalForm,
  mailboxKey,
  prospectAddressKey,
  sameAddress,
  sameIdentity,
  staffAddress,
  staffKey,
  staffUsername,
} from "./identity";

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const RUNS = { numRuns: 3000, ...(seed !== undefined ? { seed } : {}) };
const ASCII_PRINTABLE = /^[\x21-\x7e]+$/;

/** Any text a person may send: any code points, also astral ones, combining marks and controls. */
const anyText = fc.string({ unit: "grapheme", maxLength: 40 });

describe("canonicalForm", () => {
  it("is a fixed point: the canonical form of a canonical form is itself", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(canonicalForm(canonicalForm(text))).toBe(canonicalForm(text));
      }),
      RUNS,
    );
  });

  it("sameIdentity is reflexive and symmetric, and agrees with staffKey", () => {
    fc.assert(
      fc.property(anyText, anyText, (a, b) => {
        expect(sameIdentity(a, a)).toBe(true);
        expect(sameIdentity(a, b)).toBe(sameIdentity(b, a));
        expect(sameIdentity(a, b)).toBe(staffKey(a) === staffKey(b));
      }),
      RUNS,
    );
  });
});

describe("spellings of one staff identity are one identity", () => {
  it("every spelling of a staff address is that address", () => {
    fc.assert(
      fc.property(
        plainStaffAddress.chain((address) =>
          fc.tuple(fc.constant(address), spelled(address), spelled(address)),
        ),
        ([address, one, other]) => {
          expect(staffAddress(one)).toEqual({ ok: true, value: address });
          expect(staffKey(one)).toBe(address);
          expect(sameIdentity(one, other)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it("every spelling of a username is that username", () => {
    fc.assert(
      fc.property(
        plainUsername.chain((username) => fc.tuple(fc.constant(username), spelled(username))),
        ([username, spelling]) => {
          expect(staffUsername(spelling)).toEqual({ ok: true, value: username });
          expect(staffKey(spelling)).toBe(username);
        },
      ),
      RUNS,
    );
  });
});

describe("identities kept apart stay apart", () => {
  it("another ASCII letter or a plus tag is another staff identity, in any spelling", () => {
    fc.assert(
      fc.property(
        plainStaffAddress.chain((address) =>
          keptApart(address).chain((other) =>
            fc.tuple(fc.constant(address), fc.constant(other), spelled(address), spelled(other)),
          ),
        ),
        ([address, other, spelling, otherSpelling]) => {
          expect(staffAddress(otherSpelling)).toEqual({ ok: true, value: other });
          expect(sameIdentity(spelling, otherSpelling)).toBe(false);
          expect(staffKey(otherSpelling)).not.toBe(address);
          // Lead linking keeps them apart too (a plus tag may be another mailbox).
          expect(prospectAddressKey(otherSpelling)).not.toBe(prospectAddressKey(spelling));
        },
      ),
      RUNS,
    );
  });
});

describe("a staff identity is plain ASCII, one address to a mail header", () => {
  it("whatever is accepted is printable ASCII without header syntax, and its own canonical form", () => {
    fc.assert(
      fc.property(fc.oneof(anyText, plainStaffAddress.chain(spelled)), (text) => {
        for (const checked of [staffAddress(text), staffUsername(text)]) {
          if (!checked.ok) continue;
          expect(checked.value).toMatch(ASCII_PRINTABLE);
          for (const breaker of HEADER_BREAKERS) expect(checked.value).not.toContain(breaker);
          expect(staffKey(checked.value)).toBe(checked.value);
        }
      }),
      RUNS,
    );
  });

  it("refuses an address with header syntax anywhere inside, in any spelling", () => {
    const breaker = fc.constantFrom(...HEADER_BREAKERS, "\uFF1C", "\uFF0C", "\uFF02", "\u2028", "\u0000");
    fc.assert(
      fc.property(
        plainStaffAddress.chain((address) =>
          fc.tuple(fc.constant(address), fc.integer({ min: 1, max: address.length - 1 }), breaker),
        ),
        ([address, at, inserted]) => {
          const text = `${address.slice(0, at)}${inserted}${address.slice(at)}`;
          expect(staffAddress(text).ok).toBe(false);
        },
      ),
      RUNS,
    );
  });

  it("breaksMailHeader: never for a staff address in any spelling, always with header syntax inside", () => {
    const breaker = fc.constantFrom("<", ">", ",", '"', ";", " ", "\r\n", "\uFF1C", "\uFF0C", "@");
    fc.assert(
      fc.property(
        plainStaffAddress.chain((address) =>
          fc.tuple(spelled(address), fc.integer({ min: 1, max: address.length - 1 }), breaker),
        ),
        ([spelling, at, inserted]) => {
          expect(breaksMailHeader(spelling)).toBe(false);
          const trimmed = spelling.trim();
          const cut = Math.min(at, trimmed.length - 1);
          expect(breaksMailHeader(`${trimmed.slice(0, cut)}${inserted}${trimmed.slice(cut)}`)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it("refuses a letter that does not fold to ASCII (Latin with marks, Cyrillic, Greek look-alikes)", () => {
    const foreign = fc.constantFrom(
      "\u00E4",
      "\u00E9",
      "\u0430",
      "\u0435",
      "\u043E",
      "\u03BF",
      "\u0131",
      "\u00DF",
    );
    fc.assert(
      fc.property(
        plainStaffAddress.chain((address) =>
          fc.tuple(fc.constant(address), fc.integer({ min: 0, max: address.length - 1 }), foreign),
        ),
        ([address, at, letter]) => {
          const text = `${address.slice(0, at)}${letter}${address.slice(at + 1)}`;
          expect(staffAddress(text).ok).toBe(false);
          expect(staffUsername(text).ok).toBe(false);
        },
      ),
      RUNS,
    );
  });
});

describe("mailboxKey (limits only)", () => {
  const alnum = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789");
  const text = (min: number, max: number) =>
    fc.array(alnum, { minLength: min, maxLength: max }).map((chars) => chars.join(""));

  it("folds a plus tag everywhere, and dots and googlemail.com at Gmail, in any case", () => {
    fc.assert(
      fc.property(
        text(2, 10),
        fc.constantFrom("gmail.com", "googlemail.com"),
        fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { maxLength: 3 }),
        fc.option(text(1, 6), { nil: undefined }),
        (local, domain, dots, tag) => {
          let dotted = local;
          for (const at of dots.filter((at) => at < local.length).sort((a, b) => b - a))
            dotted = `${dotted.slice(0, at)}.${dotted.slice(at)}`;
          const address = `${dotted}${tag ? `+${tag}` : ""}@${domain}`;
          expect(mailboxKey(address)).toBe(`${local}@gmail.com`);
          expect(mailboxKey(address.toUpperCase())).toBe(`${local}@gmail.com`);
          expect(mailboxKey(mailboxKey(address))).toBe(mailboxKey(address));
        },
      ),
      RUNS,
    );
  });

  it("keeps dots elsewhere and other letters apart", () => {
    fc.assert(
      fc.property(
        plainStaffAddress.chain((address) => fc.tuple(fc.constant(address), keptApart(address))),
        ([address, other]) => {
          fc.pre(!other.includes("+"));
          expect(mailboxKey(other)).not.toBe(mailboxKey(address));
        },
      ),
      RUNS,
    );
  });
});

describe("variants beyond the review's list (docs/decisions/0081)", () => {
  it("refuses zero-width characters, combining marks, dotless and dotted i, mixed scripts, quotes", () => {
    for (const text of [
      "ad\u200Bmin@example.com",
      "ad\u200Dmin@example.com",
      "admin@example.com\u200B",
      "re\u0301ne@example.com",
      "r\u00E9ne@example.com",
      "adm\u0131n@example.com",
      "ADM\u0130N@example.com",
      "\u0430dmin@example.com",
      '"admin"@example.com',
      "ad\u00ADmin@example.com",
    ]) {
      expect([text, staffAddress(text).ok, staffUsername(text).ok]).toEqual([text, false, false]);
    }
  });

  it("maps a byte-order mark, surrounding wide spaces and an upper-case domain to the one address", () => {
    for (const text of ["\uFEFFadmin@example.com", "\u3000admin@example.com\u00A0", "admin@EXAMPLE.COM"]) {
      expect(staffAddress(text)).toEqual({ ok: true, value: "admin@example.com" });
      expect(staffUsername(text)).toEqual({ ok: true, value: "admin@example.com" });
    }
  });

  it("refuses a trailing dot, an address literal and what is no punycode; keeps valid punycode", () => {
    for (const text of ["admin@example.com.", "admin@127.0.0.1", "admin@xn--a.com", "admin@xn--zz.example"]) {
      expect([text, staffAddress(text).ok, staffUsername(text).ok]).toEqual([text, false, false]);
    }
    expect(staffAddress("admin@xn--mnchen-3ya.de")).toEqual({ ok: true, value: "admin@xn--mnchen-3ya.de" });
    // Its Unicode form is no staff address: one spelling only, and the one shown is ASCII.
    expect(staffAddress("admin@m\u00FCnchen.de").ok).toBe(false);
  });

  it("treats a prospect's fully qualified domain (a trailing dot) as the same address; no staff identity", () => {
    expect(sameAddress("a@example.com.", "A@Example.com")).toBe(true);
    expect(prospectAddressKey("a@example.com. .")).toBe("a@example.com");
    expect(prospectAddressKey(prospectAddressKey("a@example.com. ."))).toBe("a@example.com");
    expect(mailboxKey("a+x@example.com.")).toBe("a@example.com");
    expect(sameAddress("a+x@example.com", "a@example.com")).toBe(false);
    // Not an address: a trailing dot stays.
    expect(prospectAddressKey("admin.")).toBe("admin.");
    // A staff identity with one is refused and finds no account (staffKey keeps the dot).
    expect(staffKey("admin@example.com.")).toBe("admin@example.com.");
  });

  it("sameAddress agrees with sameIdentity on staff identities", () => {
    fc.assert(
      fc.property(plainStaffAddress, plainStaffAddress, (a, b) => {
        expect(sameAddress(a, b)).toBe(sameIdentity(a, b));
      }),
      RUNS,
    );
  });

  it("a username with an @ must be a staff address; none begins or ends with a separator", () => {
    for (const text of ["ad..min@example.com", "admin@-example.com", "admin.", "admin-", "admin@"]) {
      expect([text, staffUsername(text).ok]).toEqual([text, false]);
    }
    expect(staffUsername("a.dmin_1")).toEqual({ ok: true, value: "a.dmin_1" });
  });
});
