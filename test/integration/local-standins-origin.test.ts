/**
 * The stand-ins the local runtime starts — dynalite (DynamoDB) and aws-ses-v2-local (SES) — hold
 * every stored row (password hashes included) and every e-mail sent. While `npm start` runs, a web
 * page can reach them on 127.0.0.1 too, and with DNS rebinding its requests even look same-origin
 * to the browser. Over real HTTP (node:http, which lets a test set Host): a foreign Host, a
 * cross-site Origin, Referer or Sec-Fetch-Site gets 403 and nothing of the store; the runtime's own
 * clients (its SDK clients, the tests' clients) keep working.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson } from "../support/post-json";
import { type RuntimeProcess, startRuntime } from "../support/runtime";

const ADMIN = { username: "origin-admin", password: "origin test password 5821" };

let runtime: RuntimeProcess;

beforeAll(async () => {
  runtime = await startRuntime({
    env: {
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      WEB_DIST_DIR: "/nonexistent-dist",
    },
  });
});
afterAll(async () => {
  await runtime?.stop();
});

interface Answer {
  status: number;
  body: string;
}

function send(
  base: string,
  path: string,
  init: { method?: string; headers: Record<string, string>; body?: string },
): Promise<Answer> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: init.method ?? "GET",
        headers: {
          ...(init.body === undefined ? {} : { "content-length": String(Buffer.byteLength(init.body)) }),
          ...init.headers,
        },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(init.body);
  });
}

/** What a page could send: a fake signature is enough, neither stand-in checks it. */
const FAKE_SIGNATURE = (service: string) =>
  `AWS4-HMAC-SHA256 Credential=local/20250101/us-east-1/${service}/aws4_request, SignedHeaders=host, Signature=0`;

function scanUsers(headers: Record<string, string>): Promise<Answer> {
  return send(runtime.dynamoEndpoint, "/", {
    method: "POST",
    headers: {
      "content-type": "application/x-amz-json-1.0",
      "x-amz-target": "DynamoDB_20120810.Scan",
      "x-amz-date": "20250101T000000Z",
      authorization: FAKE_SIGNATURE("dynamodb"),
      ...headers,
    },
    body: JSON.stringify({ TableName: runtime.table("users") }),
  });
}

function sesSend(headers: Record<string, string>, subject: string): Promise<Answer> {
  return send(runtime.sesUrl, "/v2/email/outbound-emails", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-amz-date": "20250101T000000Z",
      authorization: FAKE_SIGNATURE("ses"),
      ...headers,
    },
    body: JSON.stringify({
      FromEmailAddress: "page@evil.example",
      Destination: { ToAddresses: ["someone@example.com"] },
      Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: "hello" } } } },
    }),
  });
}

/** Headers a hostile page's request may carry, for a server on `base`. */
function hostile(base: string): Record<string, string>[] {
  const port = new URL(base).port;
  return [
    // DNS rebinding: the browser names the attacker's host.
    { host: `evil.example:${port}` },
    { host: "evil.example" },
    { host: `localhost:${Number(port) + 1}` },
    { host: "localhost" },
    // A page elsewhere sending straight to 127.0.0.1.
    { host: `127.0.0.1:${port}`, origin: "http://evil.example" },
    { host: `127.0.0.1:${port}`, origin: "null" },
    { host: `127.0.0.1:${port}`, origin: `http://localhost:${Number(port) + 1}` },
    { host: `127.0.0.1:${port}`, referer: "http://evil.example/page" },
    { host: `127.0.0.1:${port}`, "sec-fetch-site": "cross-site" },
    { host: `127.0.0.1:${port}`, "sec-fetch-site": "same-site" },
  ];
}

describe("the DynamoDB stand-in", () => {
  it("answers the runtime's own clients: the admin row is there to be read", async () => {
    const port = new URL(runtime.dynamoEndpoint).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const answer = await scanUsers({ host });
      expect([host, answer.status]).toEqual([host, 200]);
      expect(answer.body).toContain(ADMIN.username);
      expect(answer.body).toContain("passwordHash");
    }
  });

  it("refuses a foreign Host and a cross-site Origin, Referer or Sec-Fetch-Site, and returns no item", async () => {
    for (const headers of hostile(runtime.dynamoEndpoint)) {
      const answer = await scanUsers(headers);
      expect([headers, answer.status]).toEqual([headers, 403]);
      expect(answer.body).not.toContain(ADMIN.username);
      expect(answer.body).not.toContain("passwordHash");
    }
  });

  it("refuses a cross-site preflight (no CORS grant for a page elsewhere)", async () => {
    const port = new URL(runtime.dynamoEndpoint).port;
    const answer = await send(runtime.dynamoEndpoint, "/", {
      method: "OPTIONS",
      headers: {
        host: `127.0.0.1:${port}`,
        origin: "http://evil.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization,content-type,x-amz-target",
      },
    });
    expect(answer.status).toBe(403);
  });
});

describe("the SES stand-in", () => {
  it("refuses a hostile send and stores nothing; its own clients still send", async () => {
    const port = new URL(runtime.sesUrl).port;
    for (const [index, headers] of hostile(runtime.sesUrl).entries()) {
      const answer = await sesSend(headers, `hostile ${index}`);
      expect([headers, answer.status]).toEqual([headers, 403]);
    }
    // The API's version 1 (POST / with Action=SendEmail) too.
    const v1 = await send(runtime.sesUrl, "/", {
      method: "POST",
      headers: {
        host: `evil.example:${port}`,
        "content-type": "application/x-www-form-urlencoded",
        authorization: FAKE_SIGNATURE("ses"),
      },
      body: new URLSearchParams({
        Action: "SendEmail",
        Source: "page@evil.example",
        "Destination.ToAddresses.member.1": "someone@example.com",
        "Message.Subject.Data": "hostile v1",
        "Message.Body.Text.Data": "hello",
      }).toString(),
    });
    expect(v1.status).toBe(403);
    expect((await runtime.emails()).filter((email) => email.subject.startsWith("hostile"))).toEqual([]);

    const own = await sesSend({ host: `127.0.0.1:${port}` }, "own client");
    expect(own.status).toBe(200);
    expect((await runtime.emails()).map((email) => email.subject)).toContain("own client");
  });

  it("refuses to list or clear the inbox for a hostile request", async () => {
    await sesSend({ host: `127.0.0.1:${new URL(runtime.sesUrl).port}` }, "kept in the inbox");
    for (const headers of hostile(runtime.sesUrl)) {
      const listing = await send(runtime.sesUrl, "/store", { headers });
      expect([headers, listing.status]).toEqual([headers, 403]);
      expect(listing.body).not.toContain("kept in the inbox");
      const message = await send(runtime.sesUrl, "/get-emlContent?messageId=x", { headers });
      expect([headers, message.status]).toEqual([headers, 403]);
      const clearing = await send(runtime.sesUrl, "/clear-store", { method: "POST", headers });
      expect([headers, clearing.status]).toEqual([headers, 403]);
    }
    expect((await runtime.emails()).map((email) => email.subject)).toContain("kept in the inbox");
  });
});

/** A signup through the API answers 201 and both its e-mails (staff alert, acknowledgement) arrive. */
async function signupReachesTheInbox(target: RuntimeProcess): Promise<void> {
  const email = `origin+${Date.now()}@example.com`;
  const response = await postJson(`${target.url}/api/signup`, {
    firstName: "Grace",
    lastName: "Hopper",
    email,
    teamSize: "team",
    productLines: "multiple",
  });
  expect(response.status).toBe(201);
  const sent = await target.waitFor(async () => {
    const mine = (await target.emails()).filter((message) =>
      [...message.destination.to, message.subject, message.body.text ?? ""].some((text) =>
        text.includes(email),
      ),
    );
    return mine.length >= 2 ? mine : undefined;
  });
  expect(sent.flatMap((message) => message.destination.to)).toEqual(
    expect.arrayContaining([email, "staff@repdesk.example.com"]),
  );
}

describe("the runtime through its own clients", () => {
  it("takes a signup (201) and its e-mails reach the inbox", async () => {
    await signupReachesTheInbox(runtime);
  });

  it("does so through the fault proxies too (LOCAL_FAULTS=1: another port in Host)", async () => {
    const faulty = await startRuntime({ env: { WEB_DIST_DIR: "/nonexistent-dist", LOCAL_FAULTS: "1" } });
    try {
      await signupReachesTheInbox(faulty);
    } finally {
      await faulty.stop();
    }
  });
});
