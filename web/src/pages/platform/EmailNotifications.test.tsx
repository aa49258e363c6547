import { describe, expect, it } from "vitest";
import { renderHtml, textOf } from "../../components/marketing/render.test-util";
import { loadAllIslands } from "../../routing/deferred";
import EmailNotifications, { meta } from "./EmailNotifications";
import { ROLE_PREFERENCES } from "./email-notifications/RolePreferences";

// Everything below the hero is an island: prerendering loads its module first, and so do we.
await loadAllIslands();

describe("Email Notifications page", () => {
  const html = renderHtml(<EmailNotifications />);
  const text = textOf(html);

  it("has one h1 and a description of about 150 characters", () => {
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(meta.description.length).toBeGreaterThan(120);
    expect(meta.description.length).toBeLessThanOrEqual(160);
  });

  it("has notification preferences for dealers, vendors, sales reps and administrators", () => {
    expect(ROLE_PREFERENCES.map((set) => set.role)).toEqual([
      "Dealers",
      "Vendors",
      "Sales reps",
      "Administrators",
    ]);
    for (const set of ROLE_PREFERENCES) {
      // Each role's switches are a group labelled by the role's heading.
      expect(html).toMatch(
        new RegExp(`<fieldset[^>]*aria-labelledby="([^"]+)"[^>]*><h3[^>]*id="\\1"[^>]*>${set.role}</h3>`),
      );
    }
  });

  it("draws each preference as a switch in its initial state", () => {
    const preferences = ROLE_PREFERENCES.flatMap((set) => set.preferences);
    const switches = html.match(/<button[^>]*role="switch"[^>]*>/g) ?? [];
    expect(switches).toHaveLength(preferences.length);
    expect(switches.map((tag) => tag.includes('aria-checked="true"'))).toEqual(
      preferences.map((preference) => preference.defaultOn),
    );
  });

  it("renders the same markup every time (hydration needs a deterministic render)", () => {
    expect(renderHtml(<EmailNotifications />)).toBe(html);
  });

  it("covers confirmation emails with deep links and restock notifications", () => {
    expect(text).toContain("Confirmation emails with deep links");
    expect(text).toContain("Restock notifications the moment stock is back");
    for (const label of ["Out of Stock", "Expected date", "Back in Stock"]) expect(text).toContain(label);
  });

  it("ends with Start Free Trial and Request a Demo", () => {
    expect(html.match(/href="\/signup"/g)).toHaveLength(2);
    expect(html.match(/href="\/contact\?subject=demo"/g)).toHaveLength(2);
    expect(text).toMatch(/Start Free Trial\s*Request a Demo$/);
  });
});
