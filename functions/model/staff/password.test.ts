import { afterEach, describe, expect, it, vi } from "vitest";
import { hashPassword, needsRehash, parsePasswordHash, verifyPassword } from "./password";

const FAST = { N: 2 ** 14, r: 8, p: 1 };

describe("password hashing", () => {
  it("uses scrypt N=2^17, r=8, p=1, a 16-byte salt and a 32-byte key by default", async () => {
    const hash = await hashPassword("correct horse battery staple");
    const parsed = parsePasswordHash(hash);
    expect(parsed?.params).toEqual({ N: 131072, r: 8, p: 1 });
    expect(parsed?.salt.length).toBe(16);
    expect(parsed?.key.length).toBe(32);
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", hash)).toBe(false);
  });

  it("salts every hash differently", async () => {
    const [a, b] = await Promise.all([hashPassword("same", FAST), hashPassword("same", FAST)]);
    expect(a).not.toBe(b);
    expect(await verifyPassword("same", a)).toBe(true);
    expect(await verifyPassword("same", b)).toBe(true);
  });

  it("refuses malformed or weakened hashes", async () => {
    const hash = await hashPassword("pw", FAST);
    expect(await verifyPassword("pw", "")).toBe(false);
    expect(await verifyPassword("pw", hash.replace("N=16384", "N=1024"))).toBe(false);
    expect(await verifyPassword("pw", hash.replace("N=16384", "N=16385"))).toBe(false);
    expect(await verifyPassword("pw", `${hash}x!`)).toBe(false);
  });

  it("asks for a rehash when the parameters are below today's", async () => {
    expect(needsRehash(await hashPassword("pw", FAST))).toBe(true);
    expect(needsRehash(await hashPassword("pw"))).toBe(false);
  });

  describe("in a test run (PASSWORD_HASH_N)", () => {
    afterEach(() => {
      vi.unstubAllEnvs();
      vi.resetModules();
    });

    it("makes new hashes at the given cost and rehashes only below it", async () => {
      vi.stubEnv("PASSWORD_HASH_N", "16384");
      vi.resetModules();
      const lowered = await import("./password");
      expect(lowered.currentScryptParams()).toEqual(FAST);
      const hash = await lowered.hashPassword("pw");
      expect(lowered.parsePasswordHash(hash)?.params).toEqual(FAST);
      expect(lowered.needsRehash(hash)).toBe(false);
      expect(await lowered.verifyPassword("pw", hash)).toBe(true);
    });

    it("refuses a cost below the floor a stored hash may have", async () => {
      vi.stubEnv("PASSWORD_HASH_N", "1024");
      vi.resetModules();
      const lowered = await import("./password");
      expect(() => lowered.currentScryptParams()).toThrow(/PASSWORD_HASH_N must be a power of two/);
    });
  });

  it("treats composed and decomposed Unicode the same", async () => {
    const hash = await hashPassword("caf\u00e9", FAST);
    expect(await verifyPassword("cafe\u0301", hash)).toBe(true);
  });
});
