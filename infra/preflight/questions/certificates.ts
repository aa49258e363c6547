/**
 * Every ACM certificate the templates name: CloudFront's `ViewerCertificate.AcmCertificateArn`
 * and any other `…CertificateArn` property given as an ARN. CloudFront (and an edge API Gateway
 * domain) takes certificates from us-east-1 only; everything else from the stack's region. The
 * certificate must be ISSUED and cover the names it serves (the distribution's `Aliases`), with
 * ACM's wildcard rule: `*.example.com` covers one label, `www.example.com`, not `example.com`.
 */
import { type ACMClient, DescribeCertificateCommand } from "@aws-sdk/client-acm";
import { type Check, errorName, fail, ok, unexpected } from "../check";
import type { StackTemplate } from "../template";
import { allResources, isRecord } from "../template";

export const CLOUDFRONT_CERTIFICATE_REGION = "us-east-1";

/** The account id of AWS's documentation examples, which a real ARN never carries. */
const EXAMPLE_ACCOUNT = "123456789012";

export interface CertificateQuestion {
  readonly kind: "certificate";
  readonly arn: string;
  /** Where the service that uses it takes certificates from. */
  readonly region: string;
  readonly domains: readonly string[];
  readonly usedBy: readonly string[];
  /** The stage's account (infra/stages.ts): CloudFront uses certificates of its own account only. */
  readonly account?: string;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** `…CertificateArn` properties that are ARNs, anywhere in a resource's properties. */
function certificateArnsIn(value: unknown, key = ""): { key: string; arn: string }[] {
  if (typeof value === "string")
    return /CertificateArn$/.test(key) && value.startsWith("arn:") ? [{ key, arn: value }] : [];
  if (Array.isArray(value)) return value.flatMap((item) => certificateArnsIn(item, key));
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([childKey, child]) => certificateArnsIn(child, childKey));
}

const EDGE_TYPES = new Set(["AWS::CloudFront::Distribution", "AWS::ApiGateway::DomainName"]);

export function deriveCertificateQuestions(
  templates: readonly StackTemplate[],
  stackRegion: string,
  account?: string,
): CertificateQuestion[] {
  const byArn = new Map<string, CertificateQuestion>();
  for (const found of allResources(templates)) {
    const type = found.resource.Type;
    const config = isRecord(found.properties.DistributionConfig) ? found.properties.DistributionConfig : {};
    const domains =
      type === "AWS::CloudFront::Distribution"
        ? strings(config.Aliases)
        : typeof found.properties.DomainName === "string"
          ? [found.properties.DomainName]
          : [];
    for (const { key, arn } of certificateArnsIn(found.properties)) {
      const edge = EDGE_TYPES.has(type) && key !== "RegionalCertificateArn";
      const known = byArn.get(arn);
      byArn.set(arn, {
        kind: "certificate",
        arn,
        region: edge ? CLOUDFRONT_CERTIFICATE_REGION : stackRegion,
        domains: [...new Set([...(known?.domains ?? []), ...domains])],
        usedBy: [...(known?.usedBy ?? []), found.where],
        ...(account ? { account } : {}),
      });
    }
  }
  return [...byArn.values()];
}

export function describeCertificateQuestion(question: CertificateQuestion): string {
  return `certificate ${question.arn}`;
}

/** Whether a certificate name covers a host name, as ACM matches them. */
export function covers(certificateName: string, host: string): boolean {
  const name = certificateName.toLowerCase();
  const domain = host.toLowerCase();
  if (!name.startsWith("*.")) return name === domain;
  const dot = domain.indexOf(".");
  return dot > 0 && domain.slice(dot + 1) === name.slice(2);
}

/** An ARN left in from an example: AWS's example account, or an id of (almost) nothing but zeros. */
export function isPlaceholderArn(arn: string): boolean {
  const [, , , , account, resource] = arn.split(":");
  const id = (resource ?? "").split("/")[1] ?? "";
  const nonZero = id.replace(/[-0]/g, "").length;
  return account === EXAMPLE_ACCOUNT || (id.length > 0 && nonZero <= 2);
}

const FIX_STEP = 'docs/DEPLOY.md, "Adding a stage", step 1';

export async function askCertificate(
  question: CertificateQuestion,
  acm: (region: string) => ACMClient,
): Promise<Check> {
  const subject = describeCertificateQuestion(question);
  const { arn, region } = question;
  if (isPlaceholderArn(arn)) {
    return fail(
      subject,
      `Certificate ${arn} is a placeholder (an example account or an all-zero id): request the stage's certificate (${FIX_STEP}) and put its ARN into certificateArn in infra/stages.ts.`,
    );
  }
  const [, , , arnRegion, arnAccount] = arn.split(":");
  if (question.account && arnAccount !== question.account) {
    return fail(
      subject,
      `Certificate ${arn} belongs to account ${arnAccount}, the stage deploys to ${question.account}, whose distribution can use only its own certificates: request one there (${FIX_STEP}) and set certificateArn in infra/stages.ts.`,
    );
  }
  if (arnRegion !== region) {
    return fail(
      subject,
      `Certificate ${arn} is in ${arnRegion}, but ${question.usedBy.join(", ")} takes certificates only from ${region}: request one there (${FIX_STEP}) and set certificateArn in infra/stages.ts.`,
    );
  }
  let certificate: Awaited<ReturnType<typeof describe>>;
  try {
    certificate = await describe(acm(region), arn);
  } catch (error) {
    if (errorName(error) === "ResourceNotFoundException") {
      return fail(
        subject,
        `Certificate ${arn} does not exist in this account's ${region}: request it (${FIX_STEP}) or correct certificateArn in infra/stages.ts.`,
      );
    }
    return unexpected(subject, "acm:DescribeCertificate", error);
  }
  if (certificate?.Status !== "ISSUED") {
    return fail(
      subject,
      `Certificate ${arn} is ${certificate?.Status ?? "of unknown status"}, not ISSUED: add the DNS record it asks for (aws acm describe-certificate --region ${region} --certificate-arn ${arn}) and wait for ISSUED (${FIX_STEP}).`,
    );
  }
  const names =
    certificate.SubjectAlternativeNames ?? (certificate.DomainName ? [certificate.DomainName] : []);
  const uncovered = question.domains.filter((domain) => !names.some((name) => covers(name, domain)));
  if (uncovered.length) {
    return fail(
      subject,
      `Certificate ${arn} covers ${names.join(", ")} but not ${uncovered.join(", ")}: request one for the stage's domain (${FIX_STEP}) and set certificateArn in infra/stages.ts.`,
    );
  }
  return ok(subject, `ISSUED in ${region}, covers ${question.domains.join(", ") || names.join(", ")}`);
}

async function describe(client: ACMClient, arn: string) {
  const { Certificate } = await client.send(new DescribeCertificateCommand({ CertificateArn: arn }));
  return Certificate;
}
