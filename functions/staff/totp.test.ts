import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, generateTotpSecret, hotp, matchTotp, totpCode, totpUri } from "./totp";

// RFC 6238 appendix B, SHA-1 seed "12345678901234567890", 8 digits.
const RFC_SEED = Buffer.from("12345678901234567890");
const RFC_VECTORS: [number, string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("TOTP", () => {
  it.each(RFC_VECTORS)("matches RFC 6238 at T=%i", (seconds, expected) => {
    expect(hotp(RFC_SEED, Math.floor(seconds / 30), 8)).toBe(expected);
  });

  it("round-trips base32", () => {
    expect(base32Encode(Buffer.from("12345678901234567890"))).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(base32Decode("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ").toString()).toBe("12345678901234567890");
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  });

  it("accepts the current code and one step of drift, nothing else", () => {
    const secret = base32Encode(RFC_SEED);
    const now = new Date(1234567890 * 1000);
    const step = Math.floor(1234567890 / 30);
    expect(matchTotp(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchTotp(secret, totpCode(secret, new Date(now.getTime() - 30_000)), now)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, new Date(now.getTime() + 30_000)), now)).toBe(step + 1);
    expect(matchTotp(secret, totpCode(secret, new Date(now.getTime() - 90_000)), now)).toBeUndefined();
    expect(matchTotp(secret, "12345", now)).toBeUndefined();
    expect(matchTotp(secret, "abcdef", now)).toBeUndefined();
  });

  it("builds an otpauth URI", () => {
    expect(totpUri("ABC", "ada")).toBe(
      "otpauth://totp/RepDesk%20Command%20Center%3Aada?secret=ABC&issuer=RepDesk+Command+Center&algorithm=SHA1&digits=6&period=30",
    );
  });
});
