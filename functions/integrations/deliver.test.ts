import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { localKeyWrapper, SecretBox } from "../lib/secret-box";
import { signatureHeader } from "./deliver";
import type { EndpointItem } from "./endpoints";
import { newSigningSecret } from "./endpoints";
import { DEFAULT_SCHEDULE, retryDelayMs } from "./schedule";

const box = new SecretBox(localKeyWrapper("11".repeat(32)));

describe("signatures", () => {
  it("sign with the current secret, and with the previous one during its grace period", async () => {
    const [current, previous] = [newSigningSecret(), newSigningSecret()];
    const endpoint = {
      secret: await box.seal(current),
      previousSecret: await box.seal(previous),
      previousSecretUntil: "2026-11-27T12:00:00.000Z",
    } as EndpointItem;
    const at = new Date();
    const body = JSON.stringify({ type: "webhook.test" });
    const headers = (signature: string) => ({
      "webhook-id": "msg_1",
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": signature,
    });
    const during = await signatureHeader(
      { box, clock: () => new Date("2026-11-27T11:00:00Z") },
      endpoint,
      "msg_1",
      at,
      body,
    );
    expect(during.split(" ")).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers(during))).toEqual({ type: "webhook.test" });
    expect(new Webhook(previous).verify(body, headers(during))).toEqual({ type: "webhook.test" });
    const after = await signatureHeader(
      { box, clock: () => new Date("2026-11-27T12:00:01Z") },
      endpoint,
      "msg_1",
      at,
      body,
    );
    expect(after.split(" ")).toHaveLength(1);
    expect(() => new Webhook(previous).verify(body, headers(after))).toThrow();
  });

  it("seals a secret so that the stored form does not contain it, and opens it again", async () => {
    const secret = newSigningSecret();
    const sealed = await box.seal(secret);
    expect(JSON.stringify(sealed)).not.toContain(secret.slice(6));
    expect(await box.open(sealed)).toBe(secret);
    const other = new SecretBox(localKeyWrapper("22".repeat(32)));
    await expect(other.open(sealed)).rejects.toThrow();
  });
});

describe("the retry schedule", () => {
  it("doubles from 30 s to at most 4 h, each wait between half and all of it", () => {
    expect(retryDelayMs(DEFAULT_SCHEDULE, 1, () => 1)).toBe(30_000);
    expect(retryDelayMs(DEFAULT_SCHEDULE, 1, () => 0)).toBe(15_000);
    expect(retryDelayMs(DEFAULT_SCHEDULE, 3, () => 1)).toBe(120_000);
    expect(retryDelayMs(DEFAULT_SCHEDULE, 40, () => 1)).toBe(4 * 3_600_000);
    let elapsed = 0;
    let attempts = 1;
    while (elapsed + retryDelayMs(DEFAULT_SCHEDULE, attempts, () => 1) <= DEFAULT_SCHEDULE.giveUpMs) {
      elapsed += retryDelayMs(DEFAULT_SCHEDULE, attempts, () => 1);
      attempts += 1;
    }
    expect(attempts).toBeGreaterThanOrEqual(10);
    expect(attempts).toBeLessThanOrEqual(16);
  });
});
