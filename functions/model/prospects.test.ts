import { describe, expect, it } from "vitest";
import { isOpenStatus, LEAD_STATUSES } from "../../events/desk";
import { emailField } from "../../events/fields";
import { prospectAddressKey } from "./identity";
import { claimOpenLead, pointsAt, prospectKey, releaseOpenLead } from "./prospects";

describe("prospectAddressKey: when two addresses are the same prospect", () => {
  it("ignores case and the blanks around the address", () => {
    expect(prospectAddressKey("  Rita.Rep@Example.COM ")).toBe("rita.rep@example.com");
    expect(prospectKey("RITA@EXAMPLE.COM")).toEqual(prospectKey("rita@example.com"));
  });

  it("treats compatibility forms of a character as the character (NFKC)", () => {
    // Full-width letters and the Kelvin sign a pasted address may carry.
    expect(prospectAddressKey("ｒｉｔａ@example.com")).toBe("rita@example.com");
    expect(prospectAddressKey("\u212Aim@example.com")).toBe("kim@example.com");
  });

  it("keeps plus tags and dots: other mailboxes are other prospects", () => {
    expect(prospectKey("rita+work@example.com")).not.toEqual(prospectKey("rita@example.com"));
    expect(prospectKey("r.ita@example.com")).not.toEqual(prospectKey("rita@example.com"));
    expect(prospectKey("rita@example.co")).not.toEqual(prospectKey("rita@example.com"));
  });

  it("keys any address the forms accept to a fixed-size key that holds no address", () => {
    const longest = `${"a".repeat(240)}@example.com`;
    expect(emailField.safeParse(longest).success).toBe(true);
    for (const address of [longest, "x@y.z", "'\"; DROP--@example.com", "ü@例え.jp"]) {
      const key = prospectKey(address);
      expect(key.pk).toMatch(/^prospect#[0-9a-f]{64}$/);
      expect(key.pk).not.toContain(address.slice(0, 3));
      expect(key.sk).toBe("open");
    }
  });
});

describe("open leads", () => {
  it("are New, Contacted, Qualified and Trial started; Won, Lost, Spam and linked submissions are not", () => {
    expect(LEAD_STATUSES.filter(isOpenStatus)).toEqual(["new", "contacted", "qualified", "trial"]);
  });
});

describe("lookup actions", () => {
  const lead = { kind: "signup", id: "lead-1" } as const;

  it("claims an address only where no lookup exists, or in place of the stale one read", () => {
    const fresh = claimOpenLead("Audit", "Rita@Example.com", {
      ...lead,
      createdAt: "2026-11-24T10:00:00.000Z",
    });
    expect(fresh.Put?.ConditionExpression).toBe("attribute_not_exists(pk)");
    expect(fresh.Put?.Item).toMatchObject({
      ...prospectKey("rita@example.com"),
      leadKind: "signup",
      leadId: "lead-1",
    });
    expect(fresh.Put?.Item).not.toHaveProperty("expiresAt");

    const replacing = claimOpenLead(
      "Audit",
      "rita@example.com",
      { ...lead, createdAt: "2026-11-24T10:00:00.000Z", expiresAt: 1_800_000_000 },
      { kind: "contact", id: "old" },
    );
    expect(replacing.Put?.ConditionExpression).toBe("leadKind = :kind AND leadId = :id");
    expect(replacing.Put?.ExpressionAttributeValues).toEqual({ ":kind": "contact", ":id": "old" });
    expect(replacing.Put?.Item?.expiresAt).toBe(1_800_000_000);
  });

  it("releases an address only while it points at the lead", () => {
    const release = releaseOpenLead("Audit", "rita@example.com", lead);
    expect(release.Delete?.ConditionExpression).toBe("leadKind = :kind AND leadId = :id");
    expect(release.Delete?.ExpressionAttributeValues).toEqual({ ":kind": "signup", ":id": "lead-1" });
  });

  it("tells whether a lookup points at a lead (kind and id)", () => {
    expect(pointsAt({ state: "open", lead }, lead)).toBe(true);
    expect(pointsAt({ state: "stale", lead }, lead)).toBe(true);
    expect(pointsAt({ state: "open", lead: { kind: "contact", id: "lead-1" } }, lead)).toBe(false);
    expect(pointsAt({ state: "none" }, lead)).toBe(false);
  });
});
