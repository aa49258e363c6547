/**
 * CloudFront response headers policies built from infra/security-headers.ts, so CloudFront and the
 * local runtime send the same values: CloudFront's typed security headers where it has one, the
 * rest as custom headers.
 */
import { Duration } from "aws-cdk-lib";
import {
  HeadersFrameOption,
  HeadersReferrerPolicy,
  type ResponseCustomHeader,
  ResponseHeadersPolicy,
  type ResponseSecurityHeadersBehavior,
} from "aws-cdk-lib/aws-cloudfront";
import type { Construct } from "constructs";

const REFERRER_POLICIES: Record<string, HeadersReferrerPolicy> = Object.fromEntries(
  Object.values(HeadersReferrerPolicy).map((value) => [value, value]),
);

/** "max-age=63072000; includeSubDomains; preload" -> its parts. */
export function parseHsts(value: string): { maxAge: number; includeSubdomains: boolean; preload: boolean } {
  const parts = value.split(";").map((part) => part.trim().toLowerCase());
  const maxAge = Number(parts.find((part) => part.startsWith("max-age="))?.slice("max-age=".length));
  if (!Number.isInteger(maxAge)) throw new Error(`Strict-Transport-Security without max-age: ${value}`);
  return {
    maxAge,
    includeSubdomains: parts.includes("includesubdomains"),
    preload: parts.includes("preload"),
  };
}

/**
 * CloudFront's quota "Maximum length of a header value in a response headers policy": 1,783
 * characters, the Content-Security-Policy among them (TooLongCSPInResponseHeadersPolicy; the
 * Quotas page of the CloudFront Developer Guide, "Response headers policies"). Not adjustable, so
 * the policy is refused at synth instead of failing the deployment.
 */
export const MAX_HEADER_VALUE_LENGTH = 1783;

export function splitSecurityHeaders(headers: Record<string, string>): {
  security: ResponseSecurityHeadersBehavior;
  custom: ResponseCustomHeader[];
} {
  const security: {
    -readonly [K in keyof ResponseSecurityHeadersBehavior]: ResponseSecurityHeadersBehavior[K];
  } = {};
  const custom: ResponseCustomHeader[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value.length > MAX_HEADER_VALUE_LENGTH) {
      throw new Error(
        `${name} is ${value.length} characters; a CloudFront response headers policy allows ${MAX_HEADER_VALUE_LENGTH}`,
      );
    }
    switch (name.toLowerCase()) {
      case "content-security-policy":
        security.contentSecurityPolicy = { contentSecurityPolicy: value, override: true };
        break;
      case "strict-transport-security": {
        const hsts = parseHsts(value);
        security.strictTransportSecurity = {
          accessControlMaxAge: Duration.seconds(hsts.maxAge),
          includeSubdomains: hsts.includeSubdomains,
          preload: hsts.preload,
          override: true,
        };
        break;
      }
      case "x-content-type-options":
        if (value.toLowerCase() !== "nosniff")
          throw new Error(`Unsupported X-Content-Type-Options: ${value}`);
        security.contentTypeOptions = { override: true };
        break;
      case "x-frame-options": {
        const option =
          value.toUpperCase() === "DENY" ? HeadersFrameOption.DENY : HeadersFrameOption.SAMEORIGIN;
        security.frameOptions = { frameOption: option, override: true };
        break;
      }
      case "referrer-policy": {
        const policy = REFERRER_POLICIES[value];
        if (!policy) throw new Error(`Unsupported Referrer-Policy: ${value}`);
        security.referrerPolicy = { referrerPolicy: policy, override: true };
        break;
      }
      default:
        custom.push({ header: name, value, override: true });
    }
  }
  return { security, custom };
}

export function securityHeadersPolicy(
  scope: Construct,
  id: string,
  name: string,
  headers: Record<string, string>,
  extraHeaders: Record<string, string> = {},
): ResponseHeadersPolicy {
  const { security, custom } = splitSecurityHeaders(headers);
  const extra = Object.entries(extraHeaders).map(([header, value]) => ({ header, value, override: true }));
  return new ResponseHeadersPolicy(scope, id, {
    responseHeadersPolicyName: name,
    securityHeadersBehavior: security,
    customHeadersBehavior: { customHeaders: [...custom, ...extra] },
  });
}
