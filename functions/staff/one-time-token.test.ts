import { describe, expect, it } from "vitest";
import { oneTimeToken } from "../../events/team";
import { newOneTimeToken, readOneTimeToken, sameSecretHash } from "./one-time-token";

describe("one-time tokens", () => {
  it("carry 256 random bits, store only a hash, and read back to the same hash", () => {
    const issued = newOneTimeToken();
    const [, secret] = issued.token.split(".");
    expect(Buffer.from(secret as string, "base64url")).toHaveLength(32);
    expect(issued.secretHash).not.toContain(secret as string);
    expect(oneTimeToken.safeParse(issued.token).success).toBe(true);
    const read = readOneTimeToken(issued.token);
    expect(read?.id).toBe(issued.id);
    expect(sameSecretHash(read?.secretHash ?? "", issued.secretHash)).toBe(true);
  });

  it("differ every time, keep a given id, and a changed secret does not match", () => {
    const first = newOneTimeToken("same-id-123");
    const second = newOneTimeToken("same-id-123");
    expect(second.id).toBe(first.id);
    expect(second.token).not.toBe(first.token);
    const forged = readOneTimeToken(`${first.id}.${"A".repeat(43)}`);
    expect(sameSecretHash(forged?.secretHash ?? "", first.secretHash)).toBe(false);
    expect(readOneTimeToken("no-dot")).toBeUndefined();
  });
});
