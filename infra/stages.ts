import * as z from "zod";

/** A Secrets Manager VersionId (a UUID; 32 to 64 characters). */
const SECRET_VERSION_ID = /^[A-Za-z0-9-]{32,64}$/;

/**
 * Per-stage settings, in one typed and validated place. `cdk deploy -c stage=<name>` picks one;
 * the local runtime uses `local`. Functions receive what they need as environment variables.
 */
export const StageConfig = z.object({
  name: z.string().regex(/^[a-z][a-z0-9-]{1,20}$/),
  /** Production stages keep their data: deletion protection and retain-on-delete. */
  production: z.boolean(),
  region: z.string().min(1),
  /** Public origin of the site, e.g. https://www.example.com (canonical URLs, links in e-mails). */
  siteUrl: z.url(),
  /** Custom domain and its ACM certificate (us-east-1); both or neither. */
  domainName: z.string().optional(),
  certificateArn: z.string().optional(),
  /** Staff inbox that receives the signup and contact alerts. */
  staffInbox: z.email(),
  /** From-address of every e-mail; on our own domain. */
  senderAddress: z.email(),
  /**
   * The AWS account the stage deploys to. Required for every deployed stage (checkStage): the
   * stack is pinned to it, so the CDK CLI refuses credentials of any other account, and a
   * production stage may not share its account with another stage (checkStageAccounts).
   */
  account: z
    .string()
    .regex(/^\d{12}$/)
    .optional(),
  /**
   * Whether this stage's stack creates the SES identity of its sender domain (default true). An
   * identity exists once per account and region: of the stages that share an account and a sender
   * domain, exactly one creates it and the others set false and use it (checkSenderIdentities).
   */
  createsSenderIdentity: z.boolean().optional(),
  /**
   * E-mails per second the notify worker may send, at most (SES sending quota: a first production
   * account gets 14/s and 50,000/day). infra/constructs/messaging.ts turns it into the queue
   * mapping's batch size and maximum concurrency, and the worker paces its sends to it.
   */
  sesMaxSendRate: z.number().int().min(1).max(1000),
  /** Where CloudWatch alarms are e-mailed. */
  alarmEmail: z.email(),
  /** Google Tag Manager container id; without one, analytics stays in window.dataLayer. */
  tagManagerId: z
    .string()
    .regex(/^GTM-[A-Z0-9]+$/)
    .optional(),
  /** The external web app that the marketing site links to. */
  appUrls: z.object({ login: z.url(), register: z.url(), liveDemo: z.url() }),
  /** Booking page that the lead desk's reply templates offer the prospect (BOOKING_URL); optional. */
  bookingUrl: z.url().optional(),
  /** Staff must enrol a TOTP second factor. */
  mfaRequired: z.boolean(),
  /** Days after which signups and contact messages are deleted; 0 keeps them. */
  retentionDays: z.number().int().min(0),
  /** Form submissions per client IP per minute, /api/signup and /api/contact together; 0 = no limit. */
  submissionsPerMinute: z.number().int().min(0),
  /**
   * Local dates (America/Chicago, YYYY-MM-DD) on which the response clock stands still
   * (functions/model/response-clock.ts); weekends always do.
   */
  responseHolidays: z.array(z.iso.date()).max(200),
  /** WAF: requests per client IP per 5 minutes to the abuse-prone routes before WAF answers 429. */
  edgeRateLimitPer5Minutes: z.number().int().min(10),
  /**
   * The WAF token on the public forms (docs/decisions/0134-waf-token-at-the-edge.md).
   * - absentRateLimitPer5Minutes: form posts without a token per client IP per 5 minutes before
   *   WAF answers 429 (10 is WAF's least);
   * - botControl: AWS WAF Bot Control's common level on the form posts (its monthly cost:
   *   docs/DEPLOY.md, "The WAF token");
   * - sdkUrl: the web ACL's JavaScript integration script (challenge.js), which AWS names only once
   *   the web ACL exists: copied in after the first deploy (docs/DEPLOY.md). Without it the pages
   *   send no token and every submission is scored as token-absent. The local stage's is the local
   *   stand-in's path (infra/local/waf-standin.ts).
   */
  wafToken: z.object({
    absentRateLimitPer5Minutes: z.number().int().min(10).max(2_000_000_000),
    botControl: z.boolean(),
    sdkUrl: z
      .string()
      .regex(
        /^(?:https:\/\/[a-z0-9.-]+\.awswaf\.com\/[A-Za-z0-9/_-]+\/challenge\.js|\/__waf\/challenge\.js)$/,
        "sdkUrl must be the web ACL's https://…awswaf.com/…/challenge.js, or the local stand-in's path",
      )
      .optional(),
  }),
  /**
   * The origin secret (docs/decisions/0087): CloudFront sends the `sent` version of this Secrets
   * Manager secret in x-origin-verify, and the API's web ACL admits the `accepted` versions (two
   * while a new value is rolled out, docs/DEPLOY.md). Version ids only: the value never leaves
   * Secrets Manager but into CloudFormation's dynamic references. Deployed stages only.
   */
  originVerify: z
    .object({
      secretName: z.string().regex(/^[A-Za-z0-9/_+=.@-]{1,512}$/),
      sent: z.string().regex(SECRET_VERSION_ID),
      accepted: z.array(z.string().regex(SECRET_VERSION_ID)).min(1).max(2),
    })
    .optional(),
});
export type StageConfig = z.infer<typeof StageConfig>;

/** Where the local runtime serves its stand-in for the WAF integration script (infra/local/waf-standin.ts). */
export const LOCAL_WAF_SDK_PATH = "/__waf/challenge.js";

const appUrls = {
  login: "https://app.repdesk.example.com/login",
  register: "https://app.repdesk.example.com/register",
  liveDemo: "https://app.repdesk.example.com/demo",
};

/** US federal holidays that fall on weekdays, 2026-2027 (the response clock stands still on them). */
const US_HOLIDAYS = [
  "2026-01-01",
  "2026-01-19",
  "2026-02-16",
  "2026-05-25",
  "2026-06-19",
  "2026-07-03",
  "2026-09-07",
  "2026-10-12",
  "2026-11-11",
  "2026-11-26",
  "2026-12-25",
  "2027-01-01",
  "2027-01-18",
  "2027-02-15",
  "2027-05-31",
  "2027-06-18",
  "2027-07-05",
  "2027-09-06",
  "2027-10-11",
  "2027-11-11",
  "2027-11-25",
  "2027-12-24",
];

/** The AWS documentation's example account: what the stage entries hold until they are filled in. */
export const PLACEHOLDER_ACCOUNT = "123456789012";

const STAGES: Record<string, StageConfig> = {
  local: {
    name: "local",
    production: false,
    region: "us-east-1",
    siteUrl: "http://localhost:3000",
    staffInbox: "staff@repdesk.example.com",
    senderAddress: "hello@repdesk.example.com",
    sesMaxSendRate: 14,
    alarmEmail: "ops@repdesk.example.com",
    appUrls,
    bookingUrl: "https://app.repdesk.example.com/demo/book",
    mfaRequired: false,
    retentionDays: 0,
    submissionsPerMinute: 10,
    edgeRateLimitPer5Minutes: 100,
    wafToken: { absentRateLimitPer5Minutes: 10, botControl: false, sdkUrl: LOCAL_WAF_SDK_PATH },
    responseHolidays: US_HOLIDAYS,
  },
  dev: {
    name: "dev",
    production: false,
    region: "us-east-1",
    siteUrl: "https://dev.repdesk.example.com",
    domainName: "dev.repdesk.example.com",
    // FILL IN before the first deploy (docs/DEPLOY.md, "First deploy"): the dev account, the
    // certificate requested in it, and the origin secret's version id. checkStage refuses these
    // placeholders (the AWS documentation's example account, all-zero ids).
    account: PLACEHOLDER_ACCOUNT,
    certificateArn: `arn:aws:acm:us-east-1:${PLACEHOLDER_ACCOUNT}:certificate/00000000-0000-0000-0000-000000000001`,
    staffInbox: "staff-dev@repdesk.example.com",
    senderAddress: "hello@dev.repdesk.example.com",
    // A sandbox account sends 1 e-mail per second.
    sesMaxSendRate: 1,
    alarmEmail: "ops@repdesk.example.com",
    appUrls,
    bookingUrl: "https://app.repdesk.example.com/demo/book",
    mfaRequired: false,
    retentionDays: 30,
    submissionsPerMinute: 10,
    edgeRateLimitPer5Minutes: 100,
    // FILL IN sdkUrl after the first deploy (docs/DEPLOY.md, "The WAF token").
    wafToken: { absentRateLimitPer5Minutes: 10, botControl: false },
    responseHolidays: US_HOLIDAYS,
    // Created once per stage (docs/DEPLOY.md, "The origin secret"); these are its version ids.
    originVerify: {
      secretName: "repdesk-dev/origin-verify",
      sent: "00000000-0000-4000-8000-0000000000d1",
      accepted: ["00000000-0000-4000-8000-0000000000d1"],
    },
  },
  prod: {
    name: "prod",
    production: true,
    region: "us-east-1",
    siteUrl: "https://www.repdesk.example.com",
    domainName: "www.repdesk.example.com",
    // FILL IN, as for dev: the production account (never dev's), its certificate, its secret's version.
    account: PLACEHOLDER_ACCOUNT,
    certificateArn: `arn:aws:acm:us-east-1:${PLACEHOLDER_ACCOUNT}:certificate/00000000-0000-0000-0000-000000000000`,
    staffInbox: "sales@repdesk.example.com",
    senderAddress: "hello@repdesk.example.com",
    // The first production quota (14/s); raise it with the quota (docs/DEPLOY.md).
    sesMaxSendRate: 14,
    alarmEmail: "ops@repdesk.example.com",
    tagManagerId: "GTM-REPDESK1",
    appUrls,
    bookingUrl: "https://app.repdesk.example.com/demo/book",
    mfaRequired: true,
    retentionDays: 0,
    submissionsPerMinute: 5,
    edgeRateLimitPer5Minutes: 100,
    // FILL IN sdkUrl after the first deploy (docs/DEPLOY.md, "The WAF token").
    wafToken: { absentRateLimitPer5Minutes: 10, botControl: true },
    responseHolidays: US_HOLIDAYS,
    originVerify: {
      secretName: "repdesk-prod/origin-verify",
      sent: "00000000-0000-4000-8000-0000000000a1",
      accepted: ["00000000-0000-4000-8000-0000000000a1"],
    },
  },
};

export function stageNames(): string[] {
  return Object.keys(STAGES);
}

/**
 * A stage's settings as the schema reads them, placeholders and all: what the site's build and the
 * local runtime need (a domain, an inbox), never what a deploy needs. Deploying takes loadStage.
 */
export function stageSettings(name: string): StageConfig {
  const stage = STAGES[name];
  if (!stage) throw new Error(`Unknown stage "${name}". Known stages: ${stageNames().join(", ")}`);
  const parsed = StageConfig.safeParse(stage);
  if (!parsed.success) throw new Error(`Stage "${name}" is misconfigured: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * The validated settings of one stage, ready to deploy: every check of checkStage (no placeholder
 * left), one SES identity per account and sender domain, and production in an account of its own.
 * Throws with the list of known stages for an unknown name.
 */
export function loadStage(name: string): StageConfig {
  const stage = checkStage(stageSettings(name));
  checkSenderIdentities(Object.values(STAGES));
  if (stage.name !== "local") checkStageAccounts([stage, ...deployedStagesBut(stage.name)]);
  return stage;
}

function deployedStagesBut(name: string): StageConfig[] {
  return Object.values(STAGES).filter((stage) => stage.name !== "local" && stage.name !== name);
}

/**
 * Production apart from everything else: CDK's bootstrap roles are account-wide, so a production
 * stage that shared its account with another stage could be deployed (or destroyed) with that
 * stage's credentials. A stage that is itself a placeholder counts as no account.
 */
export function checkStageAccounts(stages: readonly StageConfig[]): void {
  const real = stages.filter((stage) => stage.account && stage.account !== PLACEHOLDER_ACCOUNT);
  for (const production of real.filter((stage) => stage.production)) {
    const other = real.find((stage) => stage !== production && stage.account === production.account);
    if (other) {
      throw new Error(
        `Stages "${production.name}" and "${other.name}" are both in account ${production.account}: a production stage needs an account of its own (infra/stages.ts, docs/DEPLOY.md).`,
      );
    }
  }
}

/** What still has to be filled in before a stage can deploy (docs/DEPLOY.md, "First deploy"). */
export function placeholdersOf(stage: StageConfig): string[] {
  const found: string[] = [];
  if (!stage.account) found.push("account (the AWS account the stage deploys to)");
  else if (stage.account === PLACEHOLDER_ACCOUNT)
    found.push(`account (${PLACEHOLDER_ACCOUNT} is the AWS documentation's example account)`);
  const certificateAccount = /^arn:aws:acm:[^:]+:(\d{12}):certificate\//.exec(
    stage.certificateArn ?? "",
  )?.[1];
  if (stage.certificateArn && certificateAccount !== stage.account)
    found.push(`certificateArn (a certificate of account ${certificateAccount}, not of the stage's)`);
  else if (/certificate\/0{8}-0{4}-0{4}-0{4}-/.test(stage.certificateArn ?? ""))
    found.push("certificateArn (an all-zero placeholder id)");
  const versions = stage.originVerify ? [stage.originVerify.sent, ...stage.originVerify.accepted] : [];
  if (versions.some((version) => /^0{8}-0{4}-/.test(version)))
    found.push("originVerify (all-zero placeholder version ids: create the secret, docs/DEPLOY.md)");
  return found;
}

/**
 * Two deployed stages in one account (or not naming theirs) with the same sender domain would both
 * create its SES identity: the second deploy fails (the identity exists), and deleting either stage
 * deletes the identity the other sends with. One of them must own it; the others set
 * `createsSenderIdentity: false`.
 */
export function checkSenderIdentities(stages: readonly StageConfig[]): void {
  const creators = new Map<string, StageConfig>();
  for (const stage of stages) {
    if (stage.name === "local" || stage.createsSenderIdentity === false) continue;
    const domain = stage.senderAddress.split("@")[1]?.toLowerCase() ?? "";
    const key = `${stage.account ?? "(same account)"} ${stage.region} ${domain}`;
    const other = [...creators.entries()].find(([otherKey, otherStage]) => {
      const sameDomain = otherKey.endsWith(` ${stage.region} ${domain}`);
      const sameAccount = !stage.account || !otherStage.account || stage.account === otherStage.account;
      return sameDomain && sameAccount;
    })?.[1];
    if (other) {
      throw new Error(
        `Stages "${other.name}" and "${stage.name}" would both create the SES identity ${domain} in ${stage.account ? `account ${stage.account}` : "the same account"} (${stage.region}): an identity exists once per account and region. Let one stage own it and set createsSenderIdentity: false on the other (infra/stages.ts, docs/DEPLOY.md), or give them different accounts or sender domains.`,
      );
    }
    creators.set(key, stage);
  }
}

/**
 * Validates one stage's settings, including what the schema cannot say. A deployed stage is served
 * on its own domain, and `siteUrl` is exactly that domain: the site's canonical URLs, the links in
 * e-mails and the API's same-origin check all use `siteUrl`, while CloudFront serves only its
 * aliases (a stage on `*.cloudfront.net` would refuse every form and login with 403).
 */
export function checkStage(config: StageConfig): StageConfig {
  const parsed = StageConfig.safeParse(config);
  const name = config.name;
  if (!parsed.success) throw new Error(`Stage "${name}" is misconfigured: ${parsed.error.message}`);
  const stage = parsed.data;
  if (Boolean(stage.domainName) !== Boolean(stage.certificateArn)) {
    throw new Error(`Stage "${name}": domainName and certificateArn go together`);
  }
  if (stage.name === "local") return stage;
  if (stage.wafToken.sdkUrl?.startsWith("/")) {
    throw new Error(
      `Stage "${name}": wafToken.sdkUrl is the local stand-in's path; a deployed stage names its web ACL's challenge.js (docs/DEPLOY.md, "The WAF token").`,
    );
  }
  const verify = stage.originVerify;
  if (!verify) {
    throw new Error(
      `Stage "${name}" has no originVerify: a deployed stage's API admits only requests that carry the origin secret (docs/DEPLOY.md, "The origin secret").`,
    );
  }
  if (!verify.accepted.includes(verify.sent)) {
    throw new Error(
      `Stage "${name}": originVerify.sent must be one of originVerify.accepted, or the API would refuse CloudFront itself (docs/DEPLOY.md, rotating the origin secret).`,
    );
  }
  if (new Set(verify.accepted).size !== verify.accepted.length) {
    throw new Error(`Stage "${name}": originVerify.accepted names a version twice.`);
  }
  if (!stage.domainName) {
    throw new Error(
      `Stage "${name}" has no domainName: a deployed stage needs its own domain and an ACM certificate in us-east-1 (docs/DEPLOY.md), because siteUrl must be what CloudFront serves.`,
    );
  }
  if (stage.siteUrl.replace(/\/+$/, "") !== `https://${stage.domainName}`) {
    throw new Error(
      `Stage "${name}": siteUrl ${stage.siteUrl} must be https://${stage.domainName}, the domain CloudFront serves.`,
    );
  }
  if (!/^arn:aws:acm:us-east-1:\d{12}:certificate\//.test(stage.certificateArn ?? "")) {
    throw new Error(
      `Stage "${name}": certificateArn must be an ACM certificate in us-east-1 (CloudFront uses only those).`,
    );
  }
  const placeholders = placeholdersOf(stage);
  if (placeholders.length > 0) {
    throw new Error(
      `Stage "${name}" still has placeholders in infra/stages.ts: ${placeholders.join("; ")}. Fill them in before deploying (docs/DEPLOY.md, "First deploy").`,
    );
  }
  return stage;
}
