import { describe, expect, it } from "vitest";
import { CONTACT_LEAD, type LeadFields, SIGNUP_LEAD } from "../../events/lead-fields";
import {
  CONTACT_RECORD,
  SIGNUP_RECORD,
  SIGNUP_WITH_COMPANY,
  SIGNUP_WITH_COMPANY_RECORD,
} from "../../events/lead-fields.test-util";
import { fieldsIn } from "../../events/lead-places";
import { leadExport } from "./export";

const stored = { kind: "signup", status: "new", searchName: "eve example", deskKey: "new#", owner: "sam" };

describe.each([
  ["signup", SIGNUP_LEAD, SIGNUP_RECORD],
  ["contact", CONTACT_LEAD, CONTACT_RECORD],
] as const)("a %s in the privacy export", (_, lead, record) => {
  it("has every field its description places in the export first, then the desk's, never machinery", () => {
    const exported = leadExport(lead as LeadFields, { ...record, ...stored });
    const described = fieldsIn(lead as LeadFields, "export").map(([key]) => key);
    expect(Object.keys(exported).slice(0, described.length)).toEqual(described);
    expect(exported).toMatchObject({ status: "new", owner: "sam", kind: "signup" });
    expect(exported).not.toHaveProperty("searchName");
    expect(exported).not.toHaveProperty("deskKey");
  });
});

describe("a field added to a copy of the signup's description", () => {
  it("is in the export with no other edit, and a described field left out of the export is not", () => {
    expect(leadExport(SIGNUP_WITH_COMPANY, { ...SIGNUP_WITH_COMPANY_RECORD })).toMatchObject({
      company: "Northwind Reps",
    });
    const withoutIp = { ...SIGNUP_LEAD, ipAddress: { ...SIGNUP_LEAD.ipAddress, in: ["details"] as const } };
    expect(leadExport(withoutIp, { ...SIGNUP_RECORD })).not.toHaveProperty("ipAddress");
  });
});
