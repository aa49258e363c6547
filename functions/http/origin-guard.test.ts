import { GetSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { mockClient } from "aws-sdk-client-mock";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiEvent, jsonOf, lambdaContext } from "../../test/support/api-gateway";
import { createOriginCheck, ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_SECRET_ARN_ENV } from "../lib/origin-guard";
import { HTTP_FUNCTIONS } from "../registry";
import { httpApi, jsonResponse, MESSAGES } from "./middleware";

process.env.LOG_LEVEL = "silent";

const ARN = "arn:aws:secretsmanager:us-east-1:123456789012:secret:origin-abc123";

/** A GET route behind the standard stack, with its own origin check. */
function guardedRoute(check: ReturnType<typeof createOriginCheck>) {
  return httpApi({ route: "GET /api/ping", originCheck: () => check }, async () =>
    jsonResponse(200, { ok: true }),
  );
}

const get = async (handler: ReturnType<typeof guardedRoute>, headers: Record<string, string>) => {
  const result = await handler(apiEvent({ method: "GET", path: "/api/ping", headers }), lambdaContext);
  return { status: result.statusCode, headers: result.headers ?? {}, json: jsonOf(result) };
};

describe("origin guard", () => {
  it("passes the request that carries CloudFront's secret and refuses others with 403 JSON", async () => {
    const readSecret = vi.fn(async () => "s3cret");
    const route = guardedRoute(createOriginCheck(ARN, readSecret));
    expect((await get(route, { [ORIGIN_VERIFY_HEADER]: "s3cret" })).status).toBe(200);
    const wrong = await get(route, { [ORIGIN_VERIFY_HEADER]: "wrong" });
    expect(wrong).toMatchObject({ status: 403, json: { error: MESSAGES.forbidden } });
    expect(wrong.headers["Cache-Control"]).toBe("no-store");
    expect((await get(route, {})).status).toBe(403);
  });

  it("runs before the method and cross-site guards (a bypassing request learns nothing)", async () => {
    const route = guardedRoute(createOriginCheck(ARN, async () => "s3cret"));
    const result = await route(apiEvent({ method: "DELETE", path: "/api/ping" }), lambdaContext);
    expect(result.statusCode).toBe(403);
    expect(result.headers?.Allow).toBeUndefined();
  });

  it("answers 500 without internals when the secret cannot be read", async () => {
    const route = guardedRoute(createOriginCheck(ARN, async () => Promise.reject(new Error("denied"))));
    const answer = await get(route, { [ORIGIN_VERIFY_HEADER]: "x" });
    expect(answer).toMatchObject({ status: 500, json: { error: MESSAGES.internal } });
    expect(JSON.stringify(answer)).not.toContain("denied");
  });

  it("lets everything through when no secret is configured (the local runtime plays CloudFront)", async () => {
    expect((await get(guardedRoute(createOriginCheck(undefined)), {})).status).toBe(200);
  });
});

describe("every HTTP function of the registry, as bundled", () => {
  const secrets = mockClient(SecretsManagerClient);
  afterEach(() => {
    delete process.env[ORIGIN_VERIFY_SECRET_ARN_ENV];
  });

  it.each(HTTP_FUNCTIONS.map((fn) => [fn.name, fn]))(
    "%s refuses a request that did not come through CloudFront",
    async (_name, fn) => {
      // Secrets Manager has no local stand-in; the mock answers the one read the check makes.
      secrets.on(GetSecretValueCommand).resolves({ SecretString: "s3cret" });
      process.env[ORIGIN_VERIFY_SECRET_ARN_ENV] = ARN;
      vi.resetModules();
      const { handler } = (await import(`../${fn.entry}`)) as {
        handler: (event: APIGatewayProxyEventV2, context: typeof lambdaContext) => Promise<unknown>;
      };
      const [method, path] = (fn.routes[0] ?? "GET /").split(" ");
      const result = (await handler(
        apiEvent({ method, path, headers: { [ORIGIN_VERIFY_HEADER]: "forged" } }),
        lambdaContext,
      )) as { statusCode: number };
      expect(result.statusCode).toBe(403);
    },
  );
});
