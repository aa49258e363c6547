import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CONTENT_HASH_HEADER, EMPTY_BODY_HASH, jsonBody, sha256Hex } from "./content-hash";

describe("JSON bodies carry their SHA-256 (Lambda function URL behind OAC)", () => {
  it("hashes exactly the UTF-8 bytes it sends", async () => {
    const value = { firstName: "Zoë", notes: "naïve ✓ 😀", n: 1 };
    const { body, headers } = await jsonBody(value);
    expect(body).toBe(JSON.stringify(value));
    expect(headers[CONTENT_HASH_HEADER]).toBe(createHash("sha256").update(body, "utf8").digest("hex"));
    expect(headers["content-type"]).toBe("application/json");
  });

  it("knows the hash of an empty body", async () => {
    expect(await sha256Hex("")).toBe(EMPTY_BODY_HASH);
  });
});
