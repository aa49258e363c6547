import { describe, expect, it } from "vitest";
import { CONTACT_KIND, SIGNUP_KIND } from "../model/lead-kinds";
import { csvHeader, csvRows } from "./csv";
import { DESK_COLUMNS, leadCsvColumns } from "./lead-csv";

/** Stored for the system's own bookkeeping, never for staff to read. */
const BOOKKEEPING = ["notifiedAt", "deskBackfilledAt"];
/** Shown inside another column: the linked lead's kind in "Linked to". */
const SHOWN_WITHIN = ["linkedKind"];

describe.each([SIGNUP_KIND, CONTACT_KIND])("the stored $kind", (lead) => {
  it("shows every stored field to staff: in the details or the CSV", () => {
    const shown = new Set([
      ...Object.entries(lead.fields)
        .filter(([, field]) => field.in.includes("details") || field.in.includes("csv"))
        .map(([key]) => key),
      ...DESK_COLUMNS.map((column) => column.key),
      ...SHOWN_WITHIN,
    ]);
    const unseen = Object.keys(lead.schema.shape).filter(
      (key) => !shown.has(key) && !BOOKKEEPING.includes(key),
    );
    expect(unseen, "stored but shown nowhere staff can see it: describe it in events/lead-fields.ts").toEqual(
      [],
    );
  });

  it("describes only fields the record stores", () => {
    const stored = Object.keys(lead.schema.shape);
    expect(Object.keys(lead.fields).filter((key) => !stored.includes(key))).toEqual([]);
    expect(DESK_COLUMNS.map((column) => column.key).filter((key) => !stored.includes(key))).toEqual([]);
  });
});

/** The lead's source, a column per part (events/lead-fields.ts). */
const SOURCE_HEADERS =
  "Channel,Landing page,Referrer,UTM source,UTM medium,UTM campaign,UTM term,UTM content," +
  "Google Ads click id,Microsoft Ads click id,Meta click id,First visit,";

describe("the CSV columns", () => {
  it("are the lead's fields in their labels, then the desk's", () => {
    expect(csvHeader(leadCsvColumns(SIGNUP_KIND)).slice(1)).toBe(
      "First name,Last name,Email,Team Size,Product Lines,Notes,Submitted,IP Address,Country,Country code," +
        SOURCE_HEADERS +
        "Id," +
        "Spam check,Quarantine,Released,Released by," +
        "Status,Lost reason,Owner,Reply due,First reply,Linked to\r\n",
    );
    expect(csvHeader(leadCsvColumns(CONTACT_KIND)).slice(1)).toBe(
      "First name,Last name,Email,Phone,Company,Subject,Message,Newsletter,Submitted," +
        SOURCE_HEADERS +
        "Id," +
        "Spam check,Quarantine,Released,Released by," +
        "Status,Lost reason,Owner,Reply due,First reply,Linked to\r\n",
    );
  });

  it("write choices and boxes as staff read them, instants as stored, absent values empty", () => {
    const contact = {
      id: "c-1",
      firstName: "Mia",
      lastName: "Message",
      email: "mia@example.org",
      company: "",
      subject: "general",
      message: "Hello",
      newsletter: false,
      createdAt: "2025-03-04T10:00:00.000Z",
      status: "lost",
      lostReason: "No budget",
      linkedTo: "s-9",
      linkedKind: "signup",
      source: { channel: "paid-search", gclid: "Cj0-abc", utmCampaign: "=HYPERLINK(1)" },
    };
    expect(csvRows(leadCsvColumns(CONTACT_KIND), [contact])).toBe(
      "Mia,Message,mia@example.org,,,General inquiry,Hello,No,2025-03-04T10:00:00.000Z," +
        "Paid Search,,,,,'=HYPERLINK(1),,,Cj0-abc,,,," +
        "c-1,,,,," +
        "Lost,No budget,,,,signup s-9\r\n",
    );
  });
});
