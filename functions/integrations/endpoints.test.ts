import { describe, expect, it } from "vitest";
import { localKeyWrapper, SecretBox } from "../lib/secret-box";
import { deliveryUrl, type EndpointItem, endpointView, storedUrl } from "./endpoints";

const box = new SecretBox(localKeyWrapper("22".repeat(32)));
const SLACK_URL = "https://hooks.slack.com/services/T0AAAAAAA/B0BBBBBBB/xoxbSecretTokenPart123";

describe("a Slack URL is stored sealed, like a signing secret", () => {
  it("keeps only its shown form in clear, and opens it for the delivery only", async () => {
    const stored = await storedUrl(box, "slack", SLACK_URL);
    expect(stored.url).toBe("https://hooks.slack.com/services/T0AAAAAAA/…");
    expect(JSON.stringify(stored)).not.toContain("xoxbSecretTokenPart123");
    expect(JSON.stringify(stored)).not.toContain("B0BBBBBBB");
    expect(await deliveryUrl(box, stored)).toBe(SLACK_URL);
    // Another key cannot open it.
    const other = new SecretBox(localKeyWrapper("33".repeat(32)));
    await expect(deliveryUrl(other, stored)).rejects.toThrow();
    // Never shown again in full: the view has the shown form only.
    const view = endpointView({
      id: "ep_1",
      kind: "slack",
      events: [],
      ...stored,
    } as unknown as EndpointItem);
    expect(view.url).toBe(stored.url);
    expect(JSON.stringify(view)).not.toContain("sealedUrl");
  });

  it("keeps a webhook's address in clear (it is shown and audited), and one stored before sealing opens as is", async () => {
    const stored = await storedUrl(box, "webhook", "https://hooks.example.com/repdesk");
    expect(stored).toEqual({ url: "https://hooks.example.com/repdesk" });
    expect(await deliveryUrl(box, stored)).toBe("https://hooks.example.com/repdesk");
    expect(await deliveryUrl(box, { url: SLACK_URL })).toBe(SLACK_URL);
  });
});
