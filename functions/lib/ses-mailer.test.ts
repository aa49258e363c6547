import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { mockClient } from "aws-sdk-client-mock";
import { describe, expect, it } from "vitest";
import { SesMailer } from "./ses-mailer";

describe("SesMailer", () => {
  const ses = new SESv2Client({ region: "us-east-1" });
  const mock = mockClient(ses);
  const message = {
    from: "RepDesk <hello@x.example>",
    to: ["a@example.com"],
    replyTo: ["staff@x.example"],
    subject: "Hi",
    html: "<p>Hi</p>",
    text: "Hi",
  };

  it("sends Simple content with HTML and text parts, Reply-To and the configuration set", async () => {
    mock.reset();
    mock.on(SendEmailCommand).resolves({ MessageId: "m-1" });
    expect(await new SesMailer(ses, "tracking").send(message)).toEqual({ messageId: "m-1" });
    const input = mock.commandCalls(SendEmailCommand)[0]?.args[0].input;
    expect(input).toEqual({
      FromEmailAddress: message.from,
      Destination: { ToAddresses: ["a@example.com"] },
      ReplyToAddresses: ["staff@x.example"],
      Content: {
        Simple: {
          Subject: { Data: "Hi", Charset: "UTF-8" },
          Body: { Html: { Data: "<p>Hi</p>", Charset: "UTF-8" }, Text: { Data: "Hi", Charset: "UTF-8" } },
        },
      },
      ConfigurationSetName: "tracking",
    });
  });

  it("omits the configuration set when none is configured", async () => {
    mock.reset();
    mock.on(SendEmailCommand).resolves({});
    await new SesMailer(ses, undefined).send(message);
    expect(mock.commandCalls(SendEmailCommand)[0]?.args[0].input.ConfigurationSetName).toBeUndefined();
  });
});
