import { describe, expect, it } from "vitest";
import type { ContactMessage } from "../../../events/contact";
import type { Signup } from "../../../events/signup";
import { emailsFor } from "../../pipeline/notifications";
import { isDeliverableAddress } from "./addresses";
import {
  contactAcknowledgement,
  escapeHtml,
  GREETING_NAME_MAX,
  greetingName,
  oneLine,
  SIGNUP_THANK_YOU,
  signupAcknowledgement,
  staffContactAlert,
  staffSignupAlert,
} from "./templates";

const signup: Signup = {
  id: "s-1",
  firstName: 'Eve"><img src=x onerror=alert(1)>',
  lastName: "O'Neil & Sons",
  email: "eve@example.com",
  teamSize: "team",
  productLines: "multiple",
  notes: "<script>alert('x')</script>\r\nSecond line",
  createdAt: "2025-03-04T10:00:00.000Z",
  ipAddress: "8.8.8.8",
};

const contact: ContactMessage = {
  id: "c-1",
  firstName: "Grace",
  lastName: "Hopper\r\nBcc: victim@example.com",
  email: "grace@example.com",
  subject: "general",
  message: "Hello <b>there</b>",
  newsletter: false,
  createdAt: "2025-03-04T10:00:00.000Z",
};

const config = {
  siteUrl: "https://www.repdesk.example.com/",
  staffInbox: "staff@x.example",
  senderAddress: "hello@x.example",
};

describe("escapeHtml", () => {
  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });
});

describe("oneLine", () => {
  it("turns CR, LF and other control characters into single spaces and caps the length", () => {
    expect(oneLine("a\r\nBcc: x@y\tz\u2028w")).toBe("a Bcc: x@y z w");
    expect(oneLine("x".repeat(500))).toHaveLength(200);
  });

  it.each([
    ["C0", "\0\x0b\x0c\x1b\x1f"],
    ["DEL", "\x7f"],
    ["C1 (NEL among them)", "\u0080\u0085\u009f"],
    ["the line and paragraph separators", "\u2028\u2029"],
  ])("turns %s into a space (events/text.ts isControlCharacter)", (_, chars) => {
    for (const char of chars) expect(oneLine(`Hello${char}Bcc: x@y`)).toBe("Hello Bcc: x@y");
  });

  it("keeps accents, emoji and bidi marks", () => {
    expect(oneLine("Grüße 👋 \u200eשלום")).toBe("Grüße 👋 \u200eשלום");
  });
});

describe("staff alerts", () => {
  it("escape every user-entered value in the HTML and keep the subject on one line", () => {
    const alert = staffSignupAlert(signup, config.siteUrl);
    expect(alert.html).not.toContain("<script>");
    expect(alert.html).not.toContain("<img");
    expect(alert.html).toContain("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
    expect(alert.html).toContain("O&#39;Neil &amp; Sons");
    expect(alert.subject).not.toMatch(/[\r\n]/);
    const contactAlert = staffContactAlert(contact);
    expect(contactAlert.subject).toBe(
      "New contact message (General inquiry): Grace Hopper Bcc: victim@example.com",
    );
    expect(contactAlert.html).toContain("Hello &lt;b&gt;there&lt;/b&gt;");
  });

  it("list every field and link a signup alert to the Command Center's signups page", () => {
    const alert = staffSignupAlert(signup, config.siteUrl);
    expect(alert.html).toContain('href="https://www.repdesk.example.com/commandcenter/signups"');
    expect(alert.text).toContain("https://www.repdesk.example.com/commandcenter/signups");
    for (const label of [
      "Team Size: Team (Multiple people)",
      "Product Lines: Multiple Lines",
      "IP Address: 8.8.8.8",
      "Email: eve@example.com",
    ]) {
      expect(alert.text).toContain(label);
    }
    expect(alert.text).toContain("Submitted: Tue, Mar 4, 2025, 4:00 AM CST");
  });
});

describe("acknowledgements", () => {
  it("repeat the /signup thank-you and the matching promise", () => {
    const ack = signupAcknowledgement(signup);
    expect(ack.text).toContain(SIGNUP_THANK_YOU);
    expect(ack.text).toContain("customer success representative");
    expect(ack.html).toContain(escapeHtml(SIGNUP_THANK_YOU));
    expect(ack.html).not.toContain("<img");
  });
});

describe("greetingName (the only visitor text an acknowledgement may carry)", () => {
  it.each([
    "Ann",
    "Anne-Marie",
    "O'Neil",
    "D’Arcy",
    "J.R.",
    "Mary Ann",
    "José",
    "Zoë",
    "Łukasz",
    "李",
    "Nguyễn Văn An",
  ])("keeps %s", (name) => expect(greetingName(` ${name} `)).toBe(name));

  it.each([
    "Your account is locked. Reset at https://evil.example/reset",
    "evil.example",
    "www.evil.example",
    "https://x.y",
    "a@b.co",
    "Call 555 0100",
    "Agent007",
    "Ann\nBcc: x@y.z",
    "<b>Ann</b>",
    "Ann!",
    "Ann (staff)",
    "Your account is locked now",
    "A".repeat(GREETING_NAME_MAX + 1),
    "   ",
  ])("leaves out %j", (name) => expect(greetingName(name)).toBeUndefined());

  it("gives the neutral greeting instead, in both acknowledgements", () => {
    const phishing = "Your account is locked. Reset at https://evil.example/reset";
    for (const ack of [
      signupAcknowledgement({ ...signup, firstName: phishing }),
      contactAcknowledgement({ ...contact, firstName: phishing }),
    ]) {
      expect(ack.text.startsWith("Hi there,\n")).toBe(true);
      for (const part of [ack.subject, ack.text, ack.html]) {
        expect(part).not.toContain("evil");
        expect(part).not.toContain("locked");
      }
    }
    expect(signupAcknowledgement({ ...signup, firstName: "Ann" }).text.startsWith("Hi Ann,\n")).toBe(true);
  });
});

describe("emailsFor", () => {
  it("sends the staff alert to the staff inbox with Reply-To the prospect, and the acknowledgement to the prospect", async () => {
    const [alert, ack] = await emailsFor(
      { type: "signup.created", version: 1, id: "e-1", occurredAt: signup.createdAt, data: signup },
      config,
    );
    expect(alert).toMatchObject({
      key: "staff-alert",
      message: { to: ["staff@x.example"], replyTo: ["eve@example.com"] },
    });
    expect(ack).toMatchObject({
      key: "acknowledgement",
      message: { to: ["eve@example.com"], replyTo: ["staff@x.example"] },
    });
    expect(alert?.message.from).toBe("RepDesk <hello@x.example>");
  });

  it("plans only the e-mails of the lanes asked for (each lane renders its own)", async () => {
    const event = {
      type: "signup.created",
      version: 1,
      id: "e-1",
      occurredAt: signup.createdAt,
      data: signup,
    } as const;
    expect((await emailsFor(event, config, ["staff"])).map((email) => email.key)).toEqual(["staff-alert"]);
    expect((await emailsFor(event, config, ["prospect"])).map((email) => email.key)).toEqual([
      "acknowledgement",
    ]);
    const locked = {
      type: "staff.account-locked",
      version: 1,
      id: "e-4",
      occurredAt: signup.createdAt,
      data: { username: "ann", email: "ann@x.example", lockedAt: signup.createdAt, lockedMinutes: 15 },
    } as const;
    expect(await emailsFor(locked, config, ["prospect"])).toEqual([]);
  });

  it("skips the acknowledgement and the Reply-To for an address SES could misread", async () => {
    const odd = { ...contact, email: "a,b@example.com" };
    const planned = await emailsFor(
      { type: "contact.received", version: 1, id: "e-2", occurredAt: odd.createdAt, data: odd },
      config,
    );
    expect(planned.map((email) => email.key)).toEqual(["staff-alert"]);
    expect(planned[0]?.message.replyTo).toBeUndefined();
  });

  it("sends the desk's reminder to the lead's owner, and to the staff inbox when the owner has no usable address", async () => {
    const lead = { kind: "signup", id: "s-1", name: "Eve", dueAt: "2025-03-05T10:00:00.000Z" } as const;
    const reminder = (email?: string) =>
      emailsFor(
        {
          type: "desk.reminder",
          version: 1,
          id: "e-3",
          occurredAt: "2025-03-05T08:00:00.000Z",
          data: { owner: "ann", ...(email ? { email } : {}), lead },
        },
        config,
      );
    const [toOwner] = await reminder("ann@example.com");
    expect(toOwner).toMatchObject({ key: "desk-reminder", message: { to: ["ann@example.com"] } });
    expect(toOwner?.message.subject).toBe("Reply due soon: Eve");
    expect(toOwner?.message.from).toBe("RepDesk <hello@x.example>");
    const [toInbox] = await reminder("a,b@example.com");
    expect(toInbox?.message.to).toEqual(["staff@x.example"]);
    expect(toInbox?.message.text).toContain("It belongs to ann, who has no e-mail address on file.");
  });

  it.each([
    ["ada@example.com", true],
    ["first.last+tag@sub.example.co.uk", true],
    ["a,b@example.com", false],
    ['"quoted"@example.com', false],
    ["<a@example.com>", false],
    ["josé@example.com", false],
  ])("isDeliverableAddress(%s) = %s", (address, expected) => {
    expect(isDeliverableAddress(address)).toBe(expected);
  });
});
