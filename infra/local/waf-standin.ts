/**
 * The local stand-in for AWS WAF's token (docs/decisions/0136-local-waf-token-stand-in.md): what the
 * CloudFront web ACL does in AWS (infra/constructs/waf-token.ts), done at the local front door, so
 * the forms' token flow runs end to end on `npm start`.
 *
 * - GET /__waf/challenge.js: a script with the surface the page uses of AWS's integration script,
 *   `window.AwsWafIntegration.getToken()` (and `forceRefreshToken()`, `hasToken()`); no puzzle.
 * - POST /__waf/token: a signed token that expires after the challenge's immunity time
 *   (TOKEN_IMMUNITY_SECONDS), as an HMAC of this process's random key: a runtime restart forgets it,
 *   like a token from another web ACL.
 * - The front door, before the API: an /api/ request carrying any `x-amzn-waf-*` header is refused
 *   (403); a form post with `x-aws-waf-token` is let through with `x-amzn-waf-token-state: valid`
 *   when the token checks out and answered with WAF's challenge (202, `x-amzn-waf-action:
 *   challenge`) when it does not; a form post without one goes on with the state "absent".
 * WAF's rate rules are not repeated here (the local runtime has none of them).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { TOKEN_STATE_HEADER, WAF_INSERTED_PREFIX, WAF_TOKEN_HEADER } from "../../events/waf-token";
import { MESSAGES } from "../../functions/lib/http/errors";
import { LOCAL_WAF_SDK_PATH } from "../stages";
import { isTokenRoute, TOKEN_IMMUNITY_SECONDS } from "../waf-token";
import { jsonReply } from "./api";
import type { Reply } from "./static-site";

/** Where the stand-in issues tokens. */
export const LOCAL_WAF_TOKEN_PATH = "/__waf/token";
const PREFIX = "/__waf/";
/** Longer than any token the stand-in issues: refused before any work. */
const MAX_TOKEN_LENGTH = 512;

/** What the front door does with a request: refuse it, challenge it, or pass it on (with a state). */
export type FrontDoorVerdict =
  | { readonly kind: "refuse"; readonly status: 403 }
  | { readonly kind: "challenge"; readonly status: 202 }
  | { readonly kind: "pass"; readonly state?: "valid" | "absent" };

const base64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");

export class WafStandIn {
  private readonly key: Buffer;

  constructor(
    private readonly now: () => number = Date.now,
    key: Buffer = randomBytes(32),
  ) {
    this.key = key;
  }

  /** A token good for TOKEN_IMMUNITY_SECONDS from now. */
  issue(): string {
    const payload = base64url(
      JSON.stringify({ exp: this.now() + TOKEN_IMMUNITY_SECONDS * 1000, n: randomBytes(8).toString("hex") }),
    );
    return `${payload}.${this.sign(payload)}`;
  }

  /** Whether a token is one this stand-in issued and has not expired. */
  check(token: string): boolean {
    if (token.length > MAX_TOKEN_LENGTH) return false;
    const [payload, signature, extra] = token.split(".");
    if (!payload || !signature || extra !== undefined) return false;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    try {
      const { exp } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { exp?: unknown };
      return typeof exp === "number" && exp > this.now();
    } catch {
      return false;
    }
  }

  /** The web ACL's verdict on a request, as infra/constructs/waf-token.ts writes its rules. */
  judge(method: string, rawPath: string, headers: IncomingHttpHeaders): FrontDoorVerdict {
    const api = rawPath === "/api" || rawPath.toLowerCase().startsWith("/api/");
    if (api && Object.keys(headers).some((name) => name.toLowerCase().startsWith(WAF_INSERTED_PREFIX)))
      return { kind: "refuse", status: 403 };
    if (!isTokenRoute(method, rawPath)) return { kind: "pass" };
    const sent = headers[WAF_TOKEN_HEADER];
    const token = Array.isArray(sent) ? sent.join(",") : (sent ?? "");
    if (token.length === 0) return { kind: "pass", state: "absent" };
    return this.check(token) ? { kind: "pass", state: "valid" } : { kind: "challenge", status: 202 };
  }

  /**
   * At the front door: a reply when the request stops here (refused or challenged), else undefined,
   * with the state header set on the request for the API to read.
   */
  frontDoor(request: IncomingMessage): Reply | undefined {
    const method = (request.method ?? "GET").toUpperCase();
    const rawPath = (request.url ?? "/").split("?")[0] ?? "/";
    const verdict = this.judge(method, rawPath, request.headers);
    if (verdict.kind === "refuse") return jsonReply(403, { error: MESSAGES.forbidden });
    if (verdict.kind === "challenge") {
      return { statusCode: 202, headers: { "x-amzn-waf-action": "challenge", "cache-control": "no-store" } };
    }
    if (verdict.state) request.headers[TOKEN_STATE_HEADER] = verdict.state;
    return undefined;
  }

  /** The stand-in's own paths (the script and the token); undefined for any other request. */
  serve(method: string, rawPath: string): Reply | undefined {
    if (!rawPath.startsWith(PREFIX)) return undefined;
    if (rawPath === LOCAL_WAF_SDK_PATH && (method === "GET" || method === "HEAD")) {
      return {
        statusCode: 200,
        headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" },
        body: Buffer.from(STAND_IN_SCRIPT),
      };
    }
    if (rawPath === LOCAL_WAF_TOKEN_PATH && method === "POST") {
      return jsonReply(200, { token: this.issue() });
    }
    return jsonReply(404, { error: "Not found" });
  }

  private sign(payload: string): string {
    return createHmac("sha256", this.key).update(payload).digest("base64url");
  }
}

/**
 * The page-facing surface of AWS's challenge.js that the forms use (web/src/forms/wafToken.ts):
 * getToken() resolves to a token, refreshing it when it is older than half its life.
 */
const STAND_IN_SCRIPT = `(() => {
  "use strict";
  let current = null;
  let fetchedAt = 0;
  const fresh = () => current !== null && Date.now() - fetchedAt < ${(TOKEN_IMMUNITY_SECONDS * 1000) / 2};
  async function fetchToken() {
    const response = await fetch(${JSON.stringify(LOCAL_WAF_TOKEN_PATH)}, { method: "POST", credentials: "same-origin" });
    if (!response.ok) throw new Error("token request failed with status " + response.status);
    const answer = await response.json();
    current = answer.token;
    fetchedAt = Date.now();
    return current;
  }
  window.AwsWafIntegration = {
    getToken: () => (fresh() ? Promise.resolve(current) : fetchToken()),
    forceRefreshToken: () => fetchToken(),
    hasToken: () => fresh(),
  };
})();
`;
