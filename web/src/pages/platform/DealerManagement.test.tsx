import { describe, expect, it } from "vitest";
import { renderHtml, textOf } from "../../components/marketing/render.test-util";
import { loadAllIslands } from "../../routing/deferred";
import DealerManagement, { meta } from "./DealerManagement";
import { SAMPLE_DEALER } from "./dealer-management/dealers";

// Everything below the hero is an island: prerendering loads its module first, and so do we.
await loadAllIslands();

describe("Dealer Management page", () => {
  const html = renderHtml(<DealerManagement />);
  const text = textOf(html);

  it("has one h1 and a real title and description", () => {
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    expect(meta.title).toBe("Dealer Management");
    expect(meta.description.length).toBeGreaterThan(100);
  });

  it("shows the dealer profile: name, tier, YTD and total orders, and every contact", () => {
    expect(text).toContain(SAMPLE_DEALER.name);
    expect(text).toContain(`${SAMPLE_DEALER.tier} tier`);
    expect(text).toContain(`YTD orders ${SAMPLE_DEALER.ytdOrders}`);
    expect(text).toContain(`Total orders ${SAMPLE_DEALER.totalOrders}`);
    expect(SAMPLE_DEALER.contacts.length).toBeGreaterThan(1);
    for (const contact of SAMPLE_DEALER.contacts) {
      for (const field of [contact.name, contact.title, contact.phone, contact.email])
        expect(text).toContain(field);
    }
  });

  it("closes with Start Free Trial and Request a Demo", () => {
    expect(html).toMatch(/href="\/signup"[^>]*>Start Free Trial</);
    expect(html).toMatch(/href="\/contact\?subject=demo"[^>]*>Request a Demo</);
  });
});
