import { describe, expect, it } from "vitest";
import * as z from "zod";
import { ContactRequest } from "./contact";
import {
  CONTACT_LEAD,
  emptyForm,
  errorKeys,
  type FormField,
  formKeys,
  LEAD_FIELDS,
  type LeadFields,
  SIGNUP_LEAD,
} from "./lead-fields";
import {
  CONTACT_RECORD,
  SIGNUP_RECORD,
  SIGNUP_WITH_COMPANY,
  SIGNUP_WITH_COMPANY_RECORD,
} from "./lead-fields.test-util";
import {
  ackLines,
  csvFieldColumns,
  detailLines,
  emailLines,
  fieldsIn,
  listColumns,
  slackFacts,
  valuesIn,
} from "./lead-places";
import { requestShape, storedFormShape } from "./lead-rules";
import { SignupRequest } from "./signup";

const time = (iso: string) => `at ${iso}`;
const labels = (lines: { label: string }[]) => lines.map((line) => line.label);
const person = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };

describe("a field added to a copy of the signup's description (optional Company, at most 120)", () => {
  const request = z.object(requestShape(SIGNUP_WITH_COMPANY));
  const valid = { ...person, teamSize: "solo", productLines: "single" };

  it("is a rule of the request: 120 characters pass, 121 are refused with the label's message", () => {
    expect(request.parse({ ...valid, company: ` ${"c".repeat(120)} ` }).company).toBe("c".repeat(120));
    const refused = request.safeParse({ ...valid, company: "c".repeat(121) });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["company", "Company must be 120 characters or fewer"],
    ]);
    expect(request.parse({ ...valid, company: "" }).company).toBeUndefined();
    expect(request.parse(valid).company).toBeUndefined();
  });

  it("is stored, optional, and on the form: its key, an empty value, an error it can show", () => {
    const stored = z.object(storedFormShape(SIGNUP_WITH_COMPANY));
    expect(stored.parse({ ...valid, company: "x" }).company).toBe("x");
    expect(stored.parse(valid).company).toBeUndefined();
    expect(formKeys(SIGNUP_WITH_COMPANY).at(-1)).toBe("company");
    expect(emptyForm(SIGNUP_WITH_COMPANY).company).toBe("");
    expect(errorKeys(SIGNUP_WITH_COMPANY)).toContain("company");
  });

  it("is in every place the description names, read as staff read it", () => {
    const record = SIGNUP_WITH_COMPANY_RECORD;
    const line = { label: "Company", value: "Northwind Reps", long: false };
    expect(emailLines(SIGNUP_WITH_COMPANY, record, time)).toContainEqual(line);
    expect(ackLines(SIGNUP_WITH_COMPANY, record, time)).not.toContainEqual(line);
    expect(detailLines(SIGNUP_WITH_COMPANY, record, time)).toContainEqual(line);
    const column = listColumns(SIGNUP_WITH_COMPANY).find((each) => each.key === "company");
    expect([column?.label, column?.text(record, time)]).toEqual(["Company", "Northwind Reps"]);
    const csv = csvFieldColumns(SIGNUP_WITH_COMPANY).find((each) => each.key === "company");
    expect([csv?.header, csv?.value(record)]).toEqual(["Company", "Northwind Reps"]);
    expect(valuesIn(SIGNUP_WITH_COMPANY, "webhook", record)).toMatchObject({ company: "Northwind Reps" });
    expect(valuesIn(SIGNUP_WITH_COMPANY, "export", record)).toMatchObject({ company: "Northwind Reps" });
    expect(slackFacts(SIGNUP_WITH_COMPANY, record)).toContainEqual({
      label: "Company",
      value: "Northwind Reps",
    });
  });
});

describe.each([
  ["signup", SIGNUP_LEAD, SignupRequest],
  ["contact", CONTACT_LEAD, ContactRequest],
] as const)("the %s's request", (_, lead, request) => {
  it("takes each form field's rule from the description: its limit, and the messages at it", () => {
    for (const key of formKeys(lead as LeadFields)) {
      const { rule, label } = (lead as LeadFields)[key] as FormField;
      if (rule.type !== "text") continue;
      const shape = request.shape as Record<string, z.ZodType>;
      const field = shape[key] as z.ZodType;
      expect(field.safeParse("x".repeat(rule.max)).success, key).toBe(true);
      const over = field.safeParse("x".repeat(rule.max + 1));
      expect(over.error?.issues[0]?.message, key).toMatch(
        new RegExp(`^${label} must be [\\d,]+ characters or fewer$`),
      );
      if (rule.required) expect(field.safeParse("  ").error?.issues[0]?.message, key).toBe(rule.required);
    }
  });
});

describe("the spec's messages, unchanged", () => {
  it("the signup's", () => {
    const result = SignupRequest.safeParse({});
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "First name is required",
      "Last name is required",
      "Email is required",
      "Please select your team size",
      "Please select your product line focus",
    ]);
    expect(
      SignupRequest.safeParse({ ...person, email: "no", teamSize: "solo", productLines: "single" }).error
        ?.issues[0]?.message,
    ).toBe("Please enter a valid email address");
    expect(
      SignupRequest.safeParse({
        ...person,
        teamSize: "solo",
        productLines: "single",
        notes: "n".repeat(5001),
      }).error?.issues[0]?.message,
    ).toBe("Notes must be 5,000 characters or fewer");
  });

  it("the contact message's", () => {
    const result = ContactRequest.safeParse({ newsletter: "yes", subject: "nope", phone: "1".repeat(51) });
    expect(result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)).toEqual([
      "firstName: First name is required",
      "lastName: Last name is required",
      "email: Email is required",
      "phone: Phone must be 50 characters or fewer",
      "subject: Please select a subject",
      "message: Message is required",
      "newsletter: newsletter must be true or false",
    ]);
    expect(ContactRequest.parse({ ...person, message: "m" })).toMatchObject({
      subject: "general",
      newsletter: false,
    });
  });
});

describe.each([
  ["signup", SIGNUP_LEAD, SIGNUP_RECORD],
  ["contact", CONTACT_LEAD, CONTACT_RECORD],
] as const)("the %s's places", (_, lead, record) => {
  const described = lead as LeadFields;
  it("Slack reads only what the webhook payload carries", () => {
    const webhook = fieldsIn(described, "webhook").map(([key]) => key);
    for (const [key] of fieldsIn(described, "slack")) expect(webhook, key).toContain(key);
  });

  it("the acknowledgement repeats no free text: it goes to whatever address the form was given", () => {
    for (const [key, field] of fieldsIn(described, "ack"))
      expect(field.options !== undefined || field.type === "yesNo", `${key} is a choice or a box`).toBe(true);
  });

  it("the privacy export has every field the person gave", () => {
    for (const key of formKeys(described)) expect(described[key]?.in, key).toContain("export");
  });

  it("each place that reads lines has every one of its fields that holds a value", () => {
    const expected = (place: "email" | "ack" | "details") =>
      fieldsIn(described, place).flatMap(
        ([, field]) => field.parts?.map((part) => part.label) ?? [field.label],
      );
    expect(labels(emailLines(described, record, time)).slice(1)).toEqual(expected("email"));
    expect(labels(ackLines(described, record, time))).toEqual(expected("ack"));
    expect(
      labels(detailLines(described, record, time))
        .slice(1)
        .sort(),
    ).toEqual(expected("details").sort());
    expect(Object.keys(valuesIn(described, "webhook", record))).toEqual(
      fieldsIn(described, "webhook").map(([key]) => key),
    );
  });

  it("is the kind's in LEAD_FIELDS", () => {
    expect(Object.values(LEAD_FIELDS)).toContain(lead);
  });
});
