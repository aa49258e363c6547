import { describe, expect, it } from "vitest";
import { ReplyRequest } from "../../events/desk";
import { renderReplyTemplates } from "./reply-templates";

const BOOKING = "https://book.example.com/repdesk";

describe("reply templates", () => {
  it("greets by first name and offers the booking link in each template", () => {
    const templates = renderReplyTemplates({ firstName: "  José  ", bookingUrl: BOOKING });
    expect(templates.map((template) => template.id)).toEqual(["first-reply", "book-demo", "follow-up"]);
    expect(templates.map((template) => template.label)).toEqual(["First reply", "Book a demo", "Follow-up"]);
    for (const template of templates) {
      expect(template.body.startsWith("Hi José,\n\n")).toBe(true);
      expect(template.body).toContain(BOOKING);
      expect(template.body.endsWith("Best regards,\nThe RepDesk team")).toBe(true);
    }
  });

  it("uses the neutral greeting when the first name could say something (decision 0052's rule)", () => {
    for (const firstName of [
      "Click https://evil.example",
      "Ann 2",
      "a@b.co",
      "One Two Three Four",
      "x".repeat(41),
    ])
      for (const template of renderReplyTemplates({ firstName }))
        expect(template.body.startsWith("Hi there,\n\n"), firstName).toBe(true);
  });

  it("asks for times instead of linking when the stage has no booking page", () => {
    const [, demo] = renderReplyTemplates({ firstName: "Ann" });
    expect(demo?.body).toContain("Reply with a few times that suit you");
    expect(demo?.body).not.toContain("http");
  });

  it("renders subjects and bodies that the reply request accepts as they are", () => {
    for (const template of renderReplyTemplates({ firstName: "O'Neil", bookingUrl: BOOKING }))
      expect(
        ReplyRequest.safeParse({
          kind: "signup",
          id: "x",
          idempotencyKey: crypto.randomUUID(),
          template: template.id,
          subject: template.subject,
          body: template.body,
        }).success,
      ).toBe(true);
  });
});
