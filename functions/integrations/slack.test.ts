import { describe, expect, it } from "vitest";
import type { WebhookPayload } from "../../events/webhooks";
import { neutralise, slackMessageOf } from "./slack";

describe("neutralise", () => {
  it("leaves no mention, link or formatting that the prospect typed", () => {
    for (const hostile of [
      "<!channel> hello",
      "<!here>",
      "<@U024BE7LH>",
      "<https://evil.example|click me>",
      "*bold* _it_ ~strike~ `code`",
      "&lt;!channel&gt;",
      "@channel @here",
      "line\nbreak\u2028sep\u0007bell",
    ]) {
      const safe = neutralise(hostile);
      expect(safe).not.toMatch(/[<>\n\u2028]/);
      expect(safe).not.toContain(String.fromCharCode(7));
      expect(safe).not.toMatch(/&(?!amp;|lt;|gt;)/);
      expect(safe).not.toMatch(/\*[^\u200b]|_[^\u200b]|~[^\u200b]|`[^\u200b]|@[^\u200b]/);
    }
    expect(neutralise("&lt;!channel&gt;")).toBe("&amp;lt;!channel&amp;gt;");
    expect(neutralise("Ada & Co <x>")).toBe("Ada &amp; Co &lt;x&gt;");
  });
});

describe("neutralise: no link Slack would form by itself", () => {
  it.each([
    ["Please reset at www.repdesk-support.com/login", "Please reset at www[.]repdesk-support[.]com/login"],
    ["bit.ly/abc", "bit[.]ly/abc"],
    ["https://evil.example/x", "https:\u200b//evil[.]example/x"],
    ["mail ada@evil.example", "mail ada@\u200bevil[.]example"],
    ["10.0.0.1", "10[.]0[.]0[.]1"],
    ["evil\u3002example\uff0ecom\uff61net", "evil[.]example[.]com[.]net"],
    ["xn--80ak6aa92e.com", "xn--80ak6aa92e[.]com"],
  ])("%s", (typed, shown) => {
    expect(neutralise(typed)).toBe(shown);
  });

  it("keeps the dots people write between words and at the end", () => {
    expect(neutralise("Acme Inc. J. Smith... ok.")).toBe("Acme Inc. J. Smith... ok.");
  });

  it("leaves no host name of two labels in any field of a message", () => {
    const message = slackMessageOf({
      type: "contact.received",
      version: 1,
      id: "e3",
      timestamp: "2026-11-26T15:00:00.000Z",
      data: {
        lead: {
          kind: "contact",
          id: "c1",
          url: "https://repdesk.example.com/commandcenter/contacts#lead=c1",
        },
        firstName: "Please reset at",
        lastName: "www.repdesk-support.com/login",
        email: "a@example.com",
        company: "bit.ly/abc",
        country: "evil.example",
        subject: "general",
        message: "m",
        createdAt: "2026-11-26T15:00:00.000Z",
      },
    } as WebhookPayload);
    const text = JSON.stringify(message).replace(/<https:\/\/repdesk\.example\.com[^>]*>/, "");
    expect(text).not.toMatch(/[a-z0-9-]\.[a-z]/i);
    expect(text).toContain("www[.]repdesk-support[.]com/login");
    expect(text).toContain("Company: bit[.]ly/abc");
  });
});

describe("slackMessageOf", () => {
  const payload: WebhookPayload = {
    type: "signup.created",
    version: 1,
    id: "e1",
    timestamp: "2026-11-26T15:00:00.000Z",
    data: {
      lead: { kind: "signup", id: "s1", url: "https://repdesk.example.com/commandcenter/signups#lead=s1" },
      firstName: "<!channel>",
      lastName: "*Boss*",
      email: "a@example.com",
      teamSize: "team",
      createdAt: "2026-11-26T15:00:00.000Z",
      dueAt: "2026-11-26T17:00:00.000Z",
    },
  };

  it("shows name, size, due time in the team's zone and the lead's link; nothing typed survives as markup", () => {
    const message = slackMessageOf(payload);
    const text = JSON.stringify(message);
    expect(text).toContain("New signup");
    expect(text).toContain("Company size: Team");
    expect(text).toContain("Reply due: Thu, Nov 26, 2026, 11:00 AM CST");
    expect(text).toContain(
      "<https://repdesk.example.com/commandcenter/signups#lead=s1|Open in the Command Center>",
    );
    expect(text).not.toContain("<!channel>");
    expect(text).toContain("&lt;!channel&gt;");
  });

  it("sends nothing for events Slack does not get", () => {
    expect(
      slackMessageOf({
        type: "lead.replied",
        version: 1,
        id: "e2",
        timestamp: "2026-11-26T15:00:00.000Z",
        data: { lead: { kind: "signup", id: "s1", url: "u" }, actor: "a", at: "2026-11-26T15:00:00.000Z" },
      }),
    ).toBeUndefined();
  });
});

describe("the overdue message", () => {
  const overdue = (owner: string | null, company?: string): WebhookPayload => ({
    type: "lead.overdue",
    version: 1,
    id: "e2",
    timestamp: "2026-11-27T15:00:00.000Z",
    data: {
      lead: { kind: "contact", id: "c1", url: "https://repdesk.example.com/commandcenter/contacts#lead=c1" },
      name: "<!here> *Max*",
      ...(company ? { company } : {}),
      owner,
      dueAt: "2026-11-27T14:00:00.000Z",
    },
  });

  it("says whose lead it is, when the reply was due, and links it; the prospect's text neutralised", () => {
    const message = slackMessageOf(overdue(null, "<@U1> Corp")) as NonNullable<
      ReturnType<typeof slackMessageOf>
    >;
    const text = JSON.stringify(message);
    expect(message.text).toContain("Contact message overdue");
    expect(text).toContain("Owner: Unassigned");
    expect(text).toContain("Reply was due: ");
    expect(text).toContain("|Open in the Command Center>");
    expect(text).not.toContain("<!here>");
    expect(text).not.toContain("<@U1>");
    expect(JSON.stringify(slackMessageOf(overdue("bea")))).toContain("Owner: bea");
  });
});
