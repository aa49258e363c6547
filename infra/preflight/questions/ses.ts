/**
 * The addresses the stack sends from (function environment variables named like a sender, e.g.
 * SENDER_ADDRESS) must be verified SES identities — the address, or a domain it is at — or be
 * created by this stack (`AWS::SES::EmailIdentity`); and the account's SES standing: whether it is
 * out of the sandbox, its quota, whether sending is enabled.
 */
import { GetAccountCommand, GetEmailIdentityCommand, type SESv2Client } from "@aws-sdk/client-sesv2";
import { type Check, errorName, fail, ok, unexpected, warning } from "../check";
import type { StackTemplate } from "../template";
import { isRecord, resourcesOfType } from "../template";

export interface SesIdentityQuestion {
  readonly kind: "ses-identity";
  /** A sender address, or an identity the stack creates. */
  readonly sender: string;
  /** The identity this stack creates for it, if any. */
  readonly createdByStack?: string;
  readonly usedBy: readonly string[];
}

export interface SesAccountQuestion {
  readonly kind: "ses-account";
  readonly production: boolean;
  /** The stage's `sesMaxSendRate` (infra/stages.ts), which the mail lanes pace themselves to. */
  readonly plannedSendRate?: number;
}

const SENDER_VARIABLE = /SENDER|FROM/;
const ADDRESS = /^[^@\s]+@([^@\s]+)$/;

/** The address itself, then each domain it is at, nearest first: the identities that would let it send. */
export function identitiesFor(sender: string): string[] {
  const domain = ADDRESS.exec(sender)?.[1] ?? sender;
  const labels = domain.split(".");
  const domains = labels.slice(0, -1).map((_, index) => labels.slice(index).join("."));
  return sender.includes("@") ? [sender, ...domains] : domains;
}

export function deriveSesQuestions(
  templates: readonly StackTemplate[],
  stage: { production: boolean; sesMaxSendRate?: number },
): (SesIdentityQuestion | SesAccountQuestion)[] {
  const created = resourcesOfType(templates, "AWS::SES::EmailIdentity").flatMap(({ where, properties }) =>
    typeof properties.EmailIdentity === "string"
      ? [{ identity: properties.EmailIdentity.toLowerCase(), where }]
      : [],
  );
  const senders = new Map<string, string[]>();
  for (const { where, properties } of resourcesOfType(templates, "AWS::Lambda::Function")) {
    const environment = isRecord(properties.Environment) ? properties.Environment.Variables : undefined;
    for (const [name, value] of Object.entries(isRecord(environment) ? environment : {})) {
      if (SENDER_VARIABLE.test(name) && typeof value === "string" && ADDRESS.test(value)) {
        const sender = value.toLowerCase();
        senders.set(sender, [...(senders.get(sender) ?? []), `${where} ${name}`]);
      }
    }
  }
  for (const { identity, where } of created) {
    const coversASender = [...senders.keys()].some((sender) => identitiesFor(sender).includes(identity));
    if (!coversASender) senders.set(identity, [where]);
  }
  const identityQuestions: SesIdentityQuestion[] = [...senders].map(([sender, usedBy]) => {
    const createdByStack = identitiesFor(sender).find((identity) =>
      created.some((c) => c.identity === identity),
    );
    return { kind: "ses-identity", sender, ...(createdByStack ? { createdByStack } : {}), usedBy };
  });
  if (!identityQuestions.length) return [];
  return [
    ...identityQuestions,
    {
      kind: "ses-account",
      production: stage.production,
      ...(stage.sesMaxSendRate ? { plannedSendRate: stage.sesMaxSendRate } : {}),
    },
  ];
}

export function describeSesQuestion(question: SesIdentityQuestion | SesAccountQuestion): string {
  return question.kind === "ses-identity" ? `SES sender ${question.sender}` : "SES account";
}

const DNS_SECTION = 'docs/DEPLOY.md, "SES: the sender domain\'s DNS"';

/** Verified for sending, not verified, or not there at all. */
async function identityStatus(
  client: SESv2Client,
  identity: string,
): Promise<"verified" | "unverified" | "absent"> {
  try {
    const answer = await client.send(new GetEmailIdentityCommand({ EmailIdentity: identity }));
    return answer.VerifiedForSendingStatus ? "verified" : "unverified";
  } catch (error) {
    if (errorName(error) === "NotFoundException") return "absent";
    throw error;
  }
}

export async function askSesIdentity(question: SesIdentityQuestion, client: SESv2Client): Promise<Check> {
  const subject = describeSesQuestion(question);
  try {
    if (question.createdByStack) {
      const status = await identityStatus(client, question.createdByStack);
      if (status === "unverified") {
        return warning(
          subject,
          `The identity ${question.createdByStack} exists but is not verified, so SES refuses to send as it: add its DKIM records (${DNS_SECTION}).`,
        );
      }
      return ok(
        subject,
        status === "verified"
          ? `${question.createdByStack} is verified`
          : `this stack creates ${question.createdByStack}`,
      );
    }
    const unverified: string[] = [];
    for (const identity of identitiesFor(question.sender)) {
      const status = await identityStatus(client, identity);
      if (status === "verified") return ok(subject, `${identity} is verified`);
      if (status === "unverified") unverified.push(identity);
    }
    const state = unverified.length
      ? `${unverified.join(", ")} exists but is not verified`
      : "no identity covers it";
    return fail(
      subject,
      `${question.sender} may not send (${state}): deploy the stage that creates its domain's identity first, or verify the domain and add its DKIM records (${DNS_SECTION}).`,
    );
  } catch (error) {
    return unexpected(subject, "ses:GetEmailIdentity", error);
  }
}

export async function askSesAccount(question: SesAccountQuestion, client: SESv2Client): Promise<Check> {
  const subject = describeSesQuestion(question);
  let account: Awaited<ReturnType<typeof getAccount>>;
  try {
    account = await getAccount(client);
  } catch (error) {
    return unexpected(subject, "ses:GetAccount", error);
  }
  const quota = account.SendQuota;
  const figures = `${quota?.Max24HourSend ?? "?"} a day, ${quota?.MaxSendRate ?? "?"} a second`;
  if (account.SendingEnabled === false || account.EnforcementStatus === "SHUTDOWN") {
    return fail(
      subject,
      `Sending is paused for this account (${account.EnforcementStatus ?? "disabled"}): resolve it in the SES console's Account dashboard before deploying.`,
    );
  }
  if (!account.ProductionAccessEnabled) {
    const sentence = `The account is in the SES sandbox (${figures}; only verified recipients): request production access (docs/DEPLOY.md, "SES: leaving the sandbox").`;
    return question.production ? fail(subject, sentence) : warning(subject, sentence);
  }
  if (account.EnforcementStatus === "PROBATION") {
    return warning(
      subject,
      `The account is on probation for its bounce or complaint rate: see the SES console's Account dashboard and docs/DEPLOY.md, "Watching a stage".`,
    );
  }
  if (
    question.plannedSendRate &&
    quota?.MaxSendRate !== undefined &&
    question.plannedSendRate > quota.MaxSendRate
  ) {
    return warning(
      subject,
      `The stage paces mail for ${question.plannedSendRate} a second but the account allows ${quota.MaxSendRate}: set sesMaxSendRate in infra/stages.ts to the quota (docs/DEPLOY.md, "SES: leaving the sandbox").`,
    );
  }
  return ok(
    subject,
    `production access, ${figures}${account.EnforcementStatus ? `, ${account.EnforcementStatus}` : ""}`,
  );
}

function getAccount(client: SESv2Client) {
  return client.send(new GetAccountCommand({}));
}
