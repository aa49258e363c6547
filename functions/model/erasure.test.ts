import { hkdfSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { erasureKeyFrom, keyedReference } from "./erasure";

const derive = (secret: Uint8Array) =>
  Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), "repdesk erasure reference v1", 32));

describe("the erasure key", () => {
  it("is derived from the secret, and follows a rotated secret at once", () => {
    const first = new Uint8Array(32).fill(1);
    const second = new Uint8Array(32).fill(2);
    expect(erasureKeyFrom(first).equals(derive(first))).toBe(true);
    expect(erasureKeyFrom(first).equals(derive(first))).toBe(true);
    expect(erasureKeyFrom(second).equals(derive(second))).toBe(true);
    expect(erasureKeyFrom(first).equals(derive(first))).toBe(true);
  });

  it("is not fooled by the caller changing the secret's bytes in place afterwards", () => {
    const secret = new Uint8Array(32).fill(3);
    const key = Buffer.from(erasureKeyFrom(secret));
    secret.fill(4);
    expect(erasureKeyFrom(secret).equals(derive(new Uint8Array(32).fill(4)))).toBe(true);
    expect(erasureKeyFrom(new Uint8Array(32).fill(3)).equals(key)).toBe(true);
  });

  it("gives the same reference for the same identity under one key", () => {
    const key = erasureKeyFrom(new Uint8Array(32).fill(5));
    expect(keyedReference(key, "Ada@Example.com")).toBe(keyedReference(key, "ada@example.com"));
    expect(keyedReference(key, "ada@example.com")).not.toBe(keyedReference(key, "eve@example.com"));
  });
});
