import { describe, expect, it } from "vitest";
import { ContactRequest } from "./contact";
import { TimelineEntry } from "./desk";
import { CONTACT_LEAD, formKeys, formValues, isAbsent, SIGNUP_LEAD } from "./lead-fields";
import { SIGNUP_RECORD } from "./lead-fields.test-util";
import { detailLines, emailLines, type LeadLine } from "./lead-places";
import { SignupRequest } from "./signup";

/** Request fields that are not the person's: the submission's id, the honeypot, the fill time, where the visitor came from. */
const NOT_FORM = ["submissionId", "website", "fillMs", "source"];
const time = (iso: string) => `at ${iso}`;
const read = (lines: LeadLine[]) => lines.map((line) => `${line.label}: ${line.value}`);

/**
 * The shared sample signup without its address (the details then say "N/A") and without its source
 * (a lead stored before sources were kept; the source's own lines are tested below).
 */
const signup = { ...SIGNUP_RECORD, ipAddress: undefined, source: undefined };

describe.each([
  ["signup", SIGNUP_LEAD, SignupRequest],
  ["contact", CONTACT_LEAD, ContactRequest],
] as const)("the %s's description", (_, lead, request) => {
  it("has the request's fields as its form fields, in the form's order", () => {
    expect(formKeys(lead)).toEqual(Object.keys(request.shape).filter((key) => !NOT_FORM.includes(key)));
  });

  it("places the timeline's fields where the timeline has them", () => {
    const timelineKeys = Object.entries(lead)
      .filter(([, field]) => field.in.includes("timeline"))
      .map(([key]) => (key === "createdAt" ? "at" : key));
    for (const key of timelineKeys) expect(Object.keys(TimelineEntry.shape)).toContain(key);
  });
});

describe("a lead's source", () => {
  const withSource = {
    ...signup,
    source: {
      channel: "email",
      landingPath: "/pricing",
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "<b>fall</b>",
      at: "2025-03-01T09:00:00.000Z",
    },
  };

  it("reads part by part in the details, absent parts left out", () => {
    const lines = read(detailLines(SIGNUP_LEAD, withSource, time));
    const start = lines.findIndex((line) => line.startsWith("Channel"));
    expect(lines.slice(start, start + 6)).toEqual([
      "Channel: Email",
      "Landing page: /pricing",
      "UTM source: newsletter",
      "UTM medium: email",
      "UTM campaign: <b>fall</b>",
      "First visit: at 2025-03-01T09:00:00.000Z",
    ]);
  });

  it("adds no line to a lead stored without one", () => {
    expect(read(detailLines(SIGNUP_LEAD, signup, time)).some((line) => line.startsWith("Channel"))).toBe(
      false,
    );
  });
});

describe("the stored part of a request", () => {
  it("copies every form field that holds a value, and leaves empty ones out", () => {
    const person = { firstName: "A", lastName: "B", email: "a@b.co" };
    const signupInput = { ...person, teamSize: "solo", productLines: "single" };
    expect(formValues(SIGNUP_LEAD, { ...signupInput, notes: "" })).toEqual(signupInput);
    const contactInput = { ...person, subject: "demo", message: "m", newsletter: false };
    expect(formValues(CONTACT_LEAD, { ...contactInput, phone: undefined, company: "" })).toEqual(
      contactInput,
    );
  });

  it("counts nothing, null and an empty text as absent, and nothing else", () => {
    expect([undefined, null, ""].every(isAbsent)).toBe(true);
    expect([false, 0, " ", "x"].some(isAbsent)).toBe(false);
  });
});

describe("a signup as staff read it", () => {
  it("in the staff alert: the name, then each field that holds a value, with its option labels", () => {
    expect(read(emailLines(SIGNUP_LEAD, signup, time))).toEqual([
      "Name: Eve Example",
      "Email: eve@example.com",
      "Team Size: Team (Multiple people)",
      "Product Lines: Multiple Lines",
      "Notes: Two\nlines",
      "Submitted: at 2025-03-04T10:00:00.000Z",
      "Id: s-1",
    ]);
  });

  it("in the details: absent values as N/A or Unknown, the country with its code, long text last", () => {
    const lines = detailLines(SIGNUP_LEAD, { ...signup, country: "Germany", countryCode: "DE" }, time);
    expect(read(lines)).toEqual([
      "Name: Eve Example",
      "Email: eve@example.com",
      "Team Size: Team (Multiple people)",
      "Product Lines: Multiple Lines",
      "Submitted: at 2025-03-04T10:00:00.000Z",
      "IP Address: N/A",
      "Country: Germany (DE)",
      "Spam check: Links in the text (3 links); Sent faster than a person can type (score 4)",
      "Quarantine: Released (Not spam)",
      "Released: at 2025-03-04T11:00:00.000Z",
      "Released by: sam",
      "Notes: Two\nlines",
    ]);
    expect(lines.at(-1)?.long).toBe(true);
    const bare = { ...signup, notes: undefined, country: undefined, countryCode: undefined };
    expect(read(detailLines(SIGNUP_LEAD, bare, time))).not.toContain("Notes: ");
    expect(read(detailLines(SIGNUP_LEAD, bare, time))).toContain("Country: Unknown");
    expect(read(detailLines(SIGNUP_LEAD, { ...bare, countryCode: "FR" }, time))).toContain("Country: FR");
    expect(read(detailLines(SIGNUP_LEAD, signup, time))).toContain("Country: United States (US)");
  });
});

describe("a contact message as staff read it", () => {
  const message = {
    id: "c-1",
    firstName: "Mia",
    lastName: "Message",
    email: "mia@example.org",
    subject: "general",
    message: "Hello",
    newsletter: true,
    createdAt: "2025-03-04T10:00:00.000Z",
    ipAddress: "8.8.8.8",
  };

  it("in the staff alert and the details, with one text for each value", () => {
    expect(read(emailLines(CONTACT_LEAD, message, time))).toEqual([
      "Name: Mia Message",
      "Email: mia@example.org",
      "Subject: General inquiry",
      "Message: Hello",
      "Newsletter: Yes",
      "Submitted: at 2025-03-04T10:00:00.000Z",
      "IP Address: 8.8.8.8",
      "Id: c-1",
    ]);
    expect(read(detailLines(CONTACT_LEAD, { ...message, newsletter: false }, time))).toEqual([
      "Name: Mia Message",
      "Email: mia@example.org",
      "Phone: N/A",
      "Company: N/A",
      "Subject: General inquiry",
      "Newsletter: No",
      "Submitted: at 2025-03-04T10:00:00.000Z",
      "IP Address: 8.8.8.8",
      "Message: Hello",
    ]);
  });
});
