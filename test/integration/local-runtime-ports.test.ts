/**
 * Two copies side by side (docs/decisions/0049-local-runtime-ports.md): two runtimes of this
 * checkout started at the same time the way a person would, with nothing set but a different PORT,
 * each pick free ports for dynalite and the SES stand-in, keep their data apart (.data/port-<n>/),
 * serve their pages with their own origin, and `npm run admin` reaches each through its
 * runtime.json. Everything waits for conditions (READY lines, committed writes), never for time.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultDataDir, RUNTIME_STATE_FILE } from "../../infra/local/runtime-state";
import { type RuntimeProcess, startRuntime } from "../support/runtime";

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PASSWORD = "violet tangerine hovercraft 42";

/** Ports nothing listens on now, all different (held open together while they are picked). */
async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  const ports: number[] = [];
  for (let index = 0; index < count; index++) {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
    servers.push(server);
    const address = server.address();
    ports.push(typeof address === "object" && address ? address.port : 0);
  }
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** `npm run admin -- <args>` as a child process; resolves with its exit code and output. */
function admin(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !["PORT", "DATA_DIR", "DYNAMO_PORT"].includes(name)),
  );
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(REPO_ROOT, "infra/admin/cli.ts"), ...args],
    {
      cwd: REPO_ROOT,
      env: { ...base, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

async function post(runtime: RuntimeProcess, route: string, value: unknown, origin = runtime.url) {
  return fetch(`${runtime.url}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(value),
  });
}

async function storedEmails(runtime: RuntimeProcess): Promise<string[]> {
  const result = await runtime.db.send(
    new ScanCommand({ TableName: runtime.table("signups"), ConsistentRead: true }),
  );
  // The table also holds counter items, which have no e-mail.
  return (result.Items ?? []).flatMap((item) => (typeof item.email === "string" ? [item.email] : []));
}

let ports: number[] = [];
let runtimes: RuntimeProcess[] = [];

beforeAll(async () => {
  ports = await freePorts(2);
  for (const port of ports) rmSync(defaultDataDir(REPO_ROOT, port), { recursive: true, force: true });
  runtimes = await Promise.all(
    ports.map((port) => startRuntime({ defaults: false, env: { PORT: String(port) } })),
  );
}, 240_000);

afterAll(async () => {
  await Promise.all(runtimes.map((runtime) => runtime.stop()));
  for (const port of ports) rmSync(defaultDataDir(REPO_ROOT, port), { recursive: true, force: true });
});

describe("two runtimes of one checkout, only PORT set", () => {
  it("each gets free stand-in ports and its own data folder, announced in its runtime.json", () => {
    const [a, b] = runtimes as [RuntimeProcess, RuntimeProcess];
    expect(a.url).toBe(`http://localhost:${ports[0]}`);
    expect(b.url).toBe(`http://localhost:${ports[1]}`);
    expect(a.dataDir).toBe(defaultDataDir(REPO_ROOT, ports[0] as number));
    expect(b.dataDir).toBe(defaultDataDir(REPO_ROOT, ports[1] as number));
    expect(a.dynamoEndpoint).not.toBe(b.dynamoEndpoint);
    expect(a.sesUrl).not.toBe(b.sesUrl);
    for (const runtime of runtimes) {
      const state = JSON.parse(readFileSync(path.join(runtime.dataDir, RUNTIME_STATE_FILE), "utf8"));
      expect(state).toMatchObject({
        url: runtime.url,
        dynamoEndpoint: runtime.dynamoEndpoint,
        sesUrl: runtime.sesUrl,
        dataDir: runtime.dataDir,
      });
      expect(runtime.output()).toContain(`DynamoDB:        ${runtime.dynamoEndpoint}`);
    }
  });

  it("each stores and sees only its own signups", async () => {
    const [a, b] = runtimes as [RuntimeProcess, RuntimeProcess];
    const signup = (email: string) => ({
      firstName: "Side",
      lastName: "By Side",
      email,
      teamSize: "solo",
      productLines: "single",
    });
    const [toA, toB] = await Promise.all([
      post(a, "/api/signup", signup("copy-a@example.com")),
      post(b, "/api/signup", signup("copy-b@example.com")),
    ]);
    expect([toA.status, toB.status]).toEqual([201, 201]);
    // A 201 comes after the commit: a consistent read sees the record now.
    expect(await storedEmails(a)).toEqual(["copy-a@example.com"]);
    expect(await storedEmails(b)).toEqual(["copy-b@example.com"]);
  });

  it("each serves canonical links, the sitemap and robots.txt with its own origin", async () => {
    for (const runtime of runtimes) {
      const home = await (await fetch(`${runtime.url}/`)).text();
      expect(home).toContain(`<link rel="canonical" href="${runtime.url}/"`);
      expect(home).not.toContain("http://localhost:3000");
      const pricing = await (await fetch(`${runtime.url}/pricing`)).text();
      expect(pricing).toContain(`<link rel="canonical" href="${runtime.url}/pricing"`);
      const sitemap = await (await fetch(`${runtime.url}/sitemap.xml`)).text();
      const locations = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
      expect(locations.length).toBeGreaterThan(10);
      for (const location of locations) expect(location?.startsWith(`${runtime.url}/`)).toBe(true);
      const robots = await (await fetch(`${runtime.url}/robots.txt`)).text();
      expect(robots).toContain(`Sitemap: ${runtime.url}/sitemap.xml`);
    }
  });

  it("each accepts its own pages' requests and refuses the other's (same-origin check)", async () => {
    const [a, b] = runtimes as [RuntimeProcess, RuntimeProcess];
    const wrong = { username: "nobody", password: "not the password" };
    expect((await post(a, "/api/auth/login", wrong)).status).toBe(401);
    expect((await post(a, "/api/auth/login", wrong, b.url)).status).toBe(403);
    const contact = { firstName: "Same", lastName: "Origin", email: "origin@example.com", message: "Hello" };
    expect((await post(b, "/api/contact", contact)).status).toBe(201);
    expect((await post(b, "/api/contact", contact, a.url)).status).toBe(403);
  });

  it("npm run admin reaches the runtime named by PORT, and asks which one when both run", async () => {
    const [a, b] = runtimes as [RuntimeProcess, RuntimeProcess];
    const created = await admin(["create", "sidebyside"], {
      PORT: String(ports[0]),
      ADMIN_PASSWORD: PASSWORD,
      ADMIN_EMAIL: "sidebyside@example.com",
    });
    expect(created.output).toContain(`local runtime at ${a.dynamoEndpoint}`);
    expect(created.code).toBe(0);
    const credentials = { username: "sidebyside", password: PASSWORD };
    expect((await post(a, "/api/auth/login", credentials)).status).toBe(200);
    expect((await post(b, "/api/auth/login", credentials)).status).toBe(401);

    const ambiguous = await admin(["list"], {});
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.output).toContain(a.url);
    expect(ambiguous.output).toContain(b.url);
    expect(ambiguous.output).toContain("set PORT");
  });

  it("removes its runtime.json when it stops", async () => {
    const b = runtimes[1] as RuntimeProcess;
    const stateFile = path.join(b.dataDir, RUNTIME_STATE_FILE);
    expect(existsSync(stateFile)).toBe(true);
    await b.kill("SIGTERM");
    expect(existsSync(stateFile)).toBe(false);
    // With one runtime left, the command needs no PORT to find it (the user exists in its store only).
    const listed = await admin(["list"], {});
    expect(listed.code).toBe(0);
    expect(listed.output).toContain("sidebyside\tsidebyside@example.com\tadmin");
  });
});
