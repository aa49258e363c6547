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
