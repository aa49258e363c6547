/** One e-mail, as the notification worker composes it. */
export interface EmailMessage {
  readonly from: string;
  readonly to: readonly string[];
  readonly replyTo?: readonly string[];
  /** One line: no CR or LF. */
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

/** Sends e-mail; production and the local runtime use SES (aws-ses-v2-local locally). */
export interface Mailer {
  /** Resolves once the mail service has accepted the message. */
  send(message: EmailMessage): Promise<{ messageId?: string }>;
}
