import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import { describe, expect, it, vi } from "vitest";
import { createOriginCheck, ORIGIN_VERIFY_HEADER, originGuard, withOriginGuard } from "./origin-guard";

const ARN = "arn:aws:secretsmanager:us-east-1:123456789012:secret:origin-abc123";
const event = (headers: Record<string, string>) => ({ headers }) as unknown as APIGatewayProxyEventV2;
const ok = async () => ({ statusCode: 200, body: "ok" });

describe("origin guard", () => {
  it("passes the request that carries CloudFront's secret and refuses others with 403", async () => {
    const readSecret = vi.fn(async () => "s3cret");
    const guarded = withOriginGuard(ok, createOriginCheck(ARN, readSecret));
    const context = {} as Context;
    expect(await guarded(event({ [ORIGIN_VERIFY_HEADER]: "s3cret" }), context)).toEqual({
      statusCode: 200,
      body: "ok",
    });
    expect(await guarded(event({ [ORIGIN_VERIFY_HEADER]: "wrong" }), context)).toMatchObject({
      statusCode: 403,
    });
    expect(await guarded(event({}), context)).toMatchObject({ statusCode: 403 });
    expect(readSecret).toHaveBeenCalledTimes(1);
  });

  it("re-reads the secret after 15 minutes and retries a failed read on the next request", async () => {
    let now = 0;
    const readSecret = vi
      .fn<(arn: string) => Promise<string>>()
      .mockRejectedValueOnce(new Error("throttled"))
      .mockResolvedValue("v1");
    const check = createOriginCheck(ARN, readSecret, () => now);
    await expect(check(event({ [ORIGIN_VERIFY_HEADER]: "v1" }))).rejects.toThrow("throttled");
    await expect(check(event({ [ORIGIN_VERIFY_HEADER]: "v1" }))).resolves.toBe(true);
    now += 16 * 60 * 1000;
    await check(event({ [ORIGIN_VERIFY_HEADER]: "v1" }));
    expect(readSecret).toHaveBeenCalledTimes(3);
  });

  it("answers 500 without internals when the secret cannot be read", async () => {
    const guarded = withOriginGuard(
      ok,
      createOriginCheck(ARN, async () => Promise.reject(new Error("denied"))),
    );
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const answer = await guarded(event({ [ORIGIN_VERIFY_HEADER]: "x" }), {} as Context);
    expect(answer).toMatchObject({ statusCode: 500 });
    expect(JSON.stringify(answer)).not.toContain("denied");
  });

  it("lets everything through when no secret is configured (the local runtime plays CloudFront)", async () => {
    const guarded = withOriginGuard(ok, createOriginCheck(undefined));
    expect(await guarded(event({}), {} as Context)).toEqual({ statusCode: 200, body: "ok" });
  });

  it("works as a middy middleware: before() returns the 403 answer", async () => {
    const middleware = originGuard(createOriginCheck(ARN, async () => "s3cret"));
    const request = (headers: Record<string, string>) =>
      ({ event: event(headers), context: {}, response: undefined, error: undefined, internal: {} }) as never;
    expect(await middleware.before?.(request({ [ORIGIN_VERIFY_HEADER]: "s3cret" }))).toBeUndefined();
    expect(await middleware.before?.(request({}))).toMatchObject({ statusCode: 403 });
  });
});
