import { describe, expect, it } from "vitest";
import type { DomainEvent } from "../../events/envelopes";
import { CONTACT_LEAD, type LeadFields, SIGNUP_LEAD } from "../../events/lead-fields";
import {
  CONTACT_RECORD,
  SIGNUP_RECORD,
  SIGNUP_WITH_COMPANY,
  SIGNUP_WITH_COMPANY_RECORD,
} from "../../events/lead-fields.test-util";
import { fieldsIn } from "../../events/lead-places";
import { WebhookLeadData, WebhookPayload } from "../../events/webhooks";
import { leadData, webhookPayloadOf } from "./payloads";
import { newLeadFacts, slackMessageOf } from "./slack";

const SITE = "https://repdesk.example.com";
const event = (type: "signup.created" | "contact.received", data: object) =>
  ({ type, version: 1, id: "e-1", occurredAt: "2025-03-04T10:00:00.000Z", data }) as DomainEvent;
const dueAt = "2025-03-04T12:00:00.000Z";

describe.each([
  ["signup.created", SIGNUP_LEAD, SIGNUP_RECORD],
  ["contact.received", CONTACT_LEAD, CONTACT_RECORD],
] as const)("a %s payload", (type, lead, record) => {
  const payload = webhookPayloadOf(event(type, { ...record, dueAt }), SITE);
  const described = lead as LeadFields;

  it("carries every field the description places in the payload, and only those with the lead and due time", () => {
    const keys = fieldsIn(described, "webhook").map(([key]) => key);
    expect(Object.keys(payload?.data ?? {}).sort()).toEqual(["lead", ...keys, "dueAt"].sort());
    expect(WebhookPayload.parse(payload)).toEqual(payload);
    expect(JSON.stringify(payload)).not.toMatch(/8\.8\.|Two\\nlines|"Hello"/);
  });

  it("Slack's message has a fact for every field the description places there", () => {
    const message = slackMessageOf(payload as WebhookPayload);
    for (const [, field] of fieldsIn(described, "slack"))
      expect(message?.blocks.map((block) => JSON.stringify(block)).join(), field.label).toContain(
        `${field.labels?.slack ?? field.label}: `,
      );
  });
});

describe("a field added to a copy of the signup's description", () => {
  it("is in the payload, in its schema, and a fact of Slack's message, with no other edit", () => {
    const data = leadData(SIGNUP_WITH_COMPANY, "signup", SIGNUP_WITH_COMPANY_RECORD, SITE);
    expect(data).toMatchObject({ company: "Northwind Reps", teamSize: "team" });
    expect(newLeadFacts(SIGNUP_WITH_COMPANY, data)).toEqual([
      "Company size: Team",
      "Country: United States",
      "Company: Northwind Reps",
    ]);
  });

  it("the payload's schema lists the described fields of both kinds, the person's name, address and time required", () => {
    const shape = WebhookLeadData.shape as Record<string, { isOptional(): boolean }>;
    const described = [SIGNUP_LEAD, CONTACT_LEAD].flatMap((lead) =>
      fieldsIn(lead, "webhook").map(([key]) => key),
    );
    expect(Object.keys(shape).sort()).toEqual([...new Set(["lead", ...described, "dueAt"])].sort());
    const required = Object.keys(shape).filter((key) => !shape[key]?.isOptional());
    expect(required.sort()).toEqual(["createdAt", "email", "firstName", "lastName", "lead"]);
  });
});
