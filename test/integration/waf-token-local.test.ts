/**
 * The WAF token's local stand-in over real HTTP (docs/decisions/0136-local-waf-token-stand-in.md):
 * - against a local runtime: the stand-in's script and tokens, and what the front door lets
 *   through to the form routes (a stand-in token and no token are stored; a forged token meets
 *   WAF's challenge and a client-sent state header is refused, and neither is stored);
 * - against the front door with a function that answers what it was told
 *   (`tokenStateOf`, functions/lib/http/token-state.ts): the state header the server reads.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKEN_STATE_HEADER, WAF_TOKEN_HEADER } from "../../events/waf-token";
import { jsonResponse } from "../../functions/lib/http/response";
import { tokenStateOf } from "../../functions/lib/http/token-state";
import type { HttpFunctionDefinition } from "../../functions/registry";
import { LocalApi } from "../../infra/local/api";
import type { HandlerLoader } from "../../infra/local/lambda";
import { dispatch, RuntimeServer } from "../../infra/local/server";
import { WafStandIn } from "../../infra/local/waf-standin";
import { LOCAL_WAF_SDK_PATH } from "../../infra/stages";
import { type RuntimeProcess, startRuntime } from "../support/runtime";

const signup = (email: string) => ({
  firstName: "Avery",
  lastName: "Quinn",
  email,
  teamSize: "solo",
  productLines: "single",
});

async function storedEmails(runtime: RuntimeProcess): Promise<string[]> {
  const { Items = [] } = await runtime.db.send(new ScanCommand({ TableName: runtime.table("signups") }));
  return Items.map((item) => String(item.email));
}

describe("against the local runtime", () => {
  let runtime: RuntimeProcess;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), "waf-token-site-"));
    writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Home</title>");
    runtime = await startRuntime({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await runtime?.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${runtime.url}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const token = async () => {
    const answer = await fetch(`${runtime.url}/__waf/token`, { method: "POST" });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { token: string }).token;
  };

  it("serves the stand-in script with the surface the page uses, under the site's headers", async () => {
    const answer = await fetch(`${runtime.url}${LOCAL_WAF_SDK_PATH}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/javascript/);
    expect(answer.headers.get("content-security-policy")).toContain("script-src 'self'");
    const script = await answer.text();
    expect(script).toContain("window.AwsWafIntegration");
    expect(script).toContain("getToken");
  });

  it("stores a signup that carries a stand-in token, and one that carries none", async () => {
    expect(
      (await post(signup("token.valid@example.com"), { [WAF_TOKEN_HEADER]: await token() })).status,
    ).toBe(201);
    expect((await post(signup("token.absent@example.com"))).status).toBe(201);
    await expect
      .poll(() => storedEmails(runtime))
      .toEqual(expect.arrayContaining(["token.valid@example.com", "token.absent@example.com"]));
  });

  it("answers a forged token with WAF's challenge, and stores nothing", async () => {
    const real = await token();
    const forged = `${real.split(".")[0]}.${"A".repeat(43)}`;
    const answer = await post(signup("token.forged@example.com"), { [WAF_TOKEN_HEADER]: forged });
    expect(answer.status).toBe(202);
    expect(answer.headers.get("x-amzn-waf-action")).toBe("challenge");
    expect(await answer.text()).toBe("");
    expect(await storedEmails(runtime)).not.toContain("token.forged@example.com");
  });

  it("refuses a client-sent state header, so it can never reach a function", async () => {
    const answer = await post(signup("token.claimed@example.com"), { [TOKEN_STATE_HEADER]: "valid" });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ error: "Forbidden" });
    expect(await storedEmails(runtime)).not.toContain("token.claimed@example.com");
  });
});

describe("the state header a function reads, through the front door", () => {
  let server: RuntimeServer;
  const waf = new WafStandIn();
  const routes = ["POST /api/signup", "POST /api/contact", "POST /api/auth/login"];

  beforeAll(async () => {
    server = await RuntimeServer.listen(0, "127.0.0.1", () => {});
    const echo = { name: "echo", entry: "echo.ts", routes, tables: {} } as unknown as HttpFunctionDefinition;
    const loader = {
      load: async () => async (event: Parameters<typeof tokenStateOf>[0]) =>
        jsonResponse(200, { state: tokenStateOf(event) }),
    } as unknown as HandlerLoader;
    const api = new LocalApi({ functions: [echo], loader, trustViewerAddress: false });
    const none = async () => false;
    const site = { handle: async () => {} } as never;
    server.serve(dispatch({ local: none, api, site, vite: undefined, waf, headers: {}, logError: () => {} }));
    server.ready();
  });
  afterAll(async () => {
    await server?.close();
  });

  const stateOf = async (route: string, headers: Record<string, string> = {}) => {
    const answer = await fetch(`${server.url}${route}`, { method: "POST", headers, body: "{}" });
    return { status: answer.status, body: await answer.text() };
  };

  it("says absent without a token, valid with a stand-in token", async () => {
    expect(await stateOf("/api/signup")).toEqual({ status: 200, body: '{"state":"absent"}' });
    expect(await stateOf("/api/contact", { [WAF_TOKEN_HEADER]: waf.issue() })).toEqual({
      status: 200,
      body: '{"state":"valid"}',
    });
  });

  it("never lets a forged token or a client's own state header reach the function", async () => {
    expect((await stateOf("/api/signup", { [WAF_TOKEN_HEADER]: "forged.token" })).status).toBe(202);
    expect((await stateOf("/api/signup", { [TOKEN_STATE_HEADER]: "valid" })).status).toBe(403);
    expect((await stateOf("/api/auth/login", { "X-Amzn-Waf-Token-State": "valid" })).status).toBe(403);
  });

  it("inserts nothing on routes without a form: the function reads unchecked", async () => {
    expect(await stateOf("/api/auth/login", { [WAF_TOKEN_HEADER]: waf.issue() })).toEqual({
      status: 200,
      body: '{"state":"unchecked"}',
    });
  });
});
