import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import type { EmailMessage, Mailer } from "./mailer";
import { failFastRequestHandler } from "./request-handler";

/** Mailer over SES v2 (endpoint from AWS_ENDPOINT_URL_SESV2 locally). */
export class SesMailer implements Mailer {
  constructor(
    private readonly ses: SESv2Client = new SESv2Client({
      maxAttempts: 3,
      requestHandler: failFastRequestHandler(5_000),
    }),
    private readonly configurationSetName: string | undefined = process.env.SES_CONFIGURATION_SET ||
      undefined,
  ) {}

  async send(message: EmailMessage): Promise<{ messageId?: string }> {
    const result = await this.ses.send(
      new SendEmailCommand({
        FromEmailAddress: message.from,
        Destination: { ToAddresses: [...message.to] },
        ...(message.replyTo?.length ? { ReplyToAddresses: [...message.replyTo] } : {}),
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: "UTF-8" },
            Body: {
              Html: { Data: message.html, Charset: "UTF-8" },
              Text: { Data: message.text, Charset: "UTF-8" },
            },
          },
        },
        ...(this.configurationSetName ? { ConfigurationSetName: this.configurationSetName } : {}),
      }),
    );
    return result.MessageId ? { messageId: result.MessageId } : {};
  }
}
