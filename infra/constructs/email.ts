/**
 * SES for one stage: the sender domain as an identity (Easy DKIM, a custom MAIL FROM subdomain,
 * and the DNS records for both and for DMARC as stack outputs), a configuration set that sends
 * bounces and complaints to an SNS topic (e-mailed to the alarm address), and a grant that lets one
 * function send as that identity through that configuration set only.
 */
import { CfnOutput, Stack } from "aws-cdk-lib";
import { type IGrantable, PolicyStatement } from "aws-cdk-lib/aws-iam";
import {
  ConfigurationSet,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
  type IEmailIdentity,
  MailFromBehaviorOnMxFailure,
  SuppressionReasons,
} from "aws-cdk-lib/aws-ses";
import type { Topic } from "aws-cdk-lib/aws-sns";
import { EmailSubscription } from "aws-cdk-lib/aws-sns-subscriptions";
import { Construct } from "constructs";
import type { StageConfig } from "../stages";
import type { Monitoring } from "./monitoring";

/** The custom MAIL FROM (envelope sender) subdomain of a sender domain: bounces come back there. */
export function mailFromDomainOf(domain: string): string {
  return `bounce.${domain}`;
}

/**
 * The DNS records a sender domain needs besides DKIM (Amazon SES Developer Guide, "Using a custom
 * MAIL FROM domain" and "Complying with DMARC authentication protocol"): the MAIL FROM subdomain's
 * MX to SES's feedback endpoint and its SPF record, so SPF passes aligned with the From domain; and
 * a DMARC policy that starts at p=none with aggregate reports, to be raised once the reports show
 * every sender of the domain aligned.
 */
export function senderDnsRecords(
  domain: string,
  region: string,
  reportAddress: string,
): { name: string; type: "MX" | "TXT"; value: string }[] {
  const mailFrom = mailFromDomainOf(domain);
  return [
    { name: mailFrom, type: "MX", value: `10 feedback-smtp.${region}.amazonses.com` },
    { name: mailFrom, type: "TXT", value: '"v=spf1 include:amazonses.com ~all"' },
    { name: `_dmarc.${domain}`, type: "TXT", value: `"v=DMARC1; p=none; rua=mailto:${reportAddress}"` },
  ];
}

export function senderDomainOf(address: string): string {
  const domain = address.split("@")[1];
  if (!domain) throw new Error(`Sender address "${address}" has no domain`);
  return domain;
}

export class Email extends Construct {
  readonly identity: IEmailIdentity;
  readonly configurationSet: ConfigurationSet;
  readonly feedbackTopic: Topic;
  private readonly stage: StageConfig;

  constructor(
    scope: Construct,
    id: string,
    { stage, monitoring }: { stage: StageConfig; monitoring: Monitoring },
  ) {
    super(scope, id);
    this.stage = stage;
    this.configurationSet = new ConfigurationSet(this, "ConfigurationSet", {
      configurationSetName: `repdesk-${stage.name}`,
      reputationMetrics: true,
      sendingEnabled: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.feedbackTopic = monitoring.createTopic(
      "FeedbackTopic",
      `repdesk-${stage.name}-email-feedback`,
      this,
    );
    this.feedbackTopic.addSubscription(new EmailSubscription(stage.alarmEmail));
    this.configurationSet.addEventDestination("BouncesAndComplaints", {
      destination: EventDestination.snsTopic(this.feedbackTopic),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT, EmailSendingEvent.REJECT],
    });
    const domain = senderDomainOf(stage.senderAddress);
    if (stage.createsSenderIdentity === false) {
      // Another stage in this account owns the identity (infra/stages.ts checkSenderIdentities).
      this.identity = EmailIdentity.fromEmailIdentityName(this, "SenderDomain", domain);
    } else {
      const identity = new EmailIdentity(this, "SenderDomain", {
        identity: Identity.domain(domain),
        configurationSet: this.configurationSet,
        // Until the MX record exists SES falls back to its own MAIL FROM instead of refusing to send.
        mailFromDomain: mailFromDomainOf(domain),
        mailFromBehaviorOnMxFailure: MailFromBehaviorOnMxFailure.USE_DEFAULT_VALUE,
      });
      identity.dkimRecords.forEach((record, index) => {
        new CfnOutput(this, `DkimRecord${index + 1}`, {
          key: `DkimRecord${index + 1}`,
          description: `CNAME to add to ${domain}'s DNS for DKIM`,
          value: `${record.name} CNAME ${record.value}`,
        });
      });
      senderDnsRecords(domain, Stack.of(this).region, stage.alarmEmail).forEach((record, index) => {
        new CfnOutput(this, `SenderDnsRecord${index + 1}`, {
          key: `SenderDnsRecord${index + 1}`,
          description: `${record.type} record to add to ${domain}'s DNS (MAIL FROM, SPF, DMARC)`,
          value: `${record.name} ${record.type} ${record.value}`,
        });
      });
      this.identity = identity;
    }
    monitoring.sesReputation();
  }

  /** SESv2 SendEmail as this identity, through this configuration set (infra/environment.ts names both). */
  grantSend(grantee: IGrantable): void {
    const stack = Stack.of(this);
    const configurationSetArn = stack.formatArn({
      service: "ses",
      resource: "configuration-set",
      resourceName: this.configurationSet.configurationSetName,
    });
    // In the SES sandbox, SES also checks the caller's permission on the identity that verified
    // each recipient: the staff inbox address, or its domain. Outside the sandbox these two
    // resources grant nothing more (the sender identity is what authorizes the send).
    const recipientIdentities = [this.stage.staffInbox, senderDomainOf(this.stage.staffInbox)].map(
      (identity) => stack.formatArn({ service: "ses", resource: "identity", resourceName: identity }),
    );
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ["ses:SendEmail"],
        resources: [this.identity.emailIdentityArn, configurationSetArn, ...recipientIdentities],
      }),
    );
  }
}
