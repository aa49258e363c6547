/**
 * The staff alert and the acknowledgement show each field their kind's description places in them
 * (events/lead-fields.ts "email", "ack"), under its label: a template that stops rendering the
 * described rows fails here.
 */
import { describe, expect, it } from "vitest";
import type { ContactMessage } from "../../../events/contact";
import { CONTACT_LEAD, fieldText, type LeadFields, SIGNUP_LEAD } from "../../../events/lead-fields";
import { CONTACT_RECORD, SIGNUP_RECORD } from "../../../events/lead-fields.test-util";
import { fieldsIn } from "../../../events/lead-places";
import type { Signup } from "../../../events/signup";
import { formatTeamTime } from "../../../events/team-time";
import {
  contactAcknowledgement,
  escapeHtml,
  type RenderedEmail,
  signupAcknowledgement,
  staffContactAlert,
  staffSignupAlert,
} from "./templates";

const signup = { ...SIGNUP_RECORD, status: "new" } as unknown as Signup;
const contact = { ...CONTACT_RECORD, status: "new" } as unknown as ContactMessage;

function expectRows(mail: RenderedEmail, lead: LeadFields, place: "email" | "ack", record: object) {
  for (const [key, field] of fieldsIn(lead, place)) {
    const value = fieldText(field, (record as Record<string, unknown>)[key], formatTeamTime);
    if (value === undefined) continue;
    expect(mail.text, `${key} in the text`).toContain(`${field.label}: ${value}`);
    expect(mail.html, `${key} in the HTML`).toContain(escapeHtml(field.label));
    expect(mail.html, `${key} in the HTML`).toContain(escapeHtml(value));
  }
}

describe("every described row", () => {
  it("of a signup: in the staff alert and the acknowledgement", () => {
    expectRows(staffSignupAlert(signup, "https://repdesk.example.com"), SIGNUP_LEAD, "email", signup);
    expectRows(signupAcknowledgement(signup), SIGNUP_LEAD, "ack", signup);
  });

  it("of a contact message: in the staff alert and the acknowledgement", () => {
    expectRows(staffContactAlert(contact), CONTACT_LEAD, "email", contact);
    expectRows(contactAcknowledgement(contact), CONTACT_LEAD, "ack", contact);
  });
});
