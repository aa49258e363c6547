/**
 * For tests of every place a lead's field appears: the newcomer's field (an optional Company on the
 * signup, at most 120 characters, in every place) added to a copy of the signup's description, and
 * records that hold a value in every field.
 */
import { describe, type LeadPlace, SIGNUP_LEAD } from "./lead-fields";
import type { StoredLead } from "./lead-records";

/**
 * Every place a text field can appear besides the form (events/lead-fields.ts LeadPlace): not the
 * acknowledgement, which repeats only choices and boxes (events/lead-places.test.ts), nor the
 * timeline, which is a statement about the timeline's own entry.
 */
export const EVERY_PLACE = [
  "email",
  "details",
  "list",
  "csv",
  "webhook",
  "slack",
  "export",
] as const satisfies readonly Exclude<LeadPlace, "timeline" | "ack">[];

/** SIGNUP_LEAD with one more field, written once: nothing else is edited. */
export const SIGNUP_WITH_COMPANY = describe({
  ...SIGNUP_LEAD,
  company: {
    label: "Company",
    from: "form",
    rule: { type: "text", max: 120 },
    input: { autoComplete: "organization" },
    in: EVERY_PLACE,
  },
});

/** What a lead the quarantine held and staff released holds of it (events/quarantine.ts). */
const RELEASED: Pick<StoredLead, "spamCheck" | "quarantine" | "releasedAt" | "releasedBy"> = {
  spamCheck: {
    score: 4,
    reasons: [{ code: "links", detail: "3 links" }, { code: "too-fast" }],
    judgedAt: "2025-03-04T10:00:00.000Z",
  },
  quarantine: "released",
  releasedAt: "2025-03-04T11:00:00.000Z",
  releasedBy: "sam",
};

/** Every value a touch can carry, so that each place a source part appears is exercised. */
const SAMPLE_TOUCH = {
  landingPath: "/pricing",
  referrerOrigin: "https://www.google.com",
  utmSource: "google",
  utmMedium: "cpc",
  utmCampaign: "fall",
  utmTerm: "crm",
  utmContent: "ad-1",
  gclid: "Cj0-abc",
  msclkid: "m-1",
  fbclid: "f-1",
  at: "2025-03-01T09:00:00.000Z",
} as const;

export const SIGNUP_RECORD = {
  id: "s-1",
  firstName: "Eve",
  lastName: "Example",
  email: "eve@example.com",
  teamSize: "team",
  productLines: "multiple",
  notes: "Two\nlines",
  createdAt: "2025-03-04T10:00:00.000Z",
  ipAddress: "8.8.8.8",
  country: "United States",
  countryCode: "US",
  source: { channel: "paid-search", ...SAMPLE_TOUCH },
  notifiedAt: "2025-03-04T10:00:05.000Z",
  ...RELEASED,
} as const;

export const CONTACT_RECORD = {
  id: "c-1",
  firstName: "Mia",
  lastName: "Message",
  email: "mia@example.org",
  phone: "+1 555 0100",
  company: "Acme Supply",
  subject: "demo",
  message: "Hello",
  newsletter: true,
  createdAt: "2025-03-04T10:00:00.000Z",
  source: { channel: "email", ...SAMPLE_TOUCH },
  ipAddress: "8.8.4.4",
  ...RELEASED,
} as const;

/** A signup of the copy, with its company. */
export const SIGNUP_WITH_COMPANY_RECORD = { ...SIGNUP_RECORD, company: "Northwind Reps" } as const;
