/**
 * The backfill that seals Slack URLs saved before they were stored sealed
 * (functions/integrations/seal-slack-urls.ts, `npm run admin -- seal-slack-urls`), against the
 * local runtime's dynalite: endpoints written as the code before the sealing wrote them become
 * sealed and still deliver; a webhook's URL is untouched; a second run changes nothing; an admin's
 * edit that lands between the backfill's read and its write wins; the runtime seals at start.
 */
import { randomUUID } from "node:crypto";
import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EndpointItem, shownUrl } from "../../functions/integrations/endpoints";
import { sealSlackUrls } from "../../functions/integrations/seal-slack-urls";
import { localKeyWrapper, SecretBox } from "../../functions/lib/secret-box";
import { run } from "../../infra/admin/cli";
import { openStore } from "../../infra/admin/store";
import { localSessionSecret, WEBHOOK_KEY_FILE } from "../../infra/local/session-secret";
import { localTableName } from "../../infra/local/tables";
import { postJson } from "../support/post-json";
import type { RuntimeProcess } from "../support/runtime";
import { startWebhookRuntime } from "../support/webhooks";
import { call, FIRST_ADMIN, signIn } from "./auth-support";

let runtime: RuntimeProcess;
let admin: string;
let box: SecretBox;
const TABLE = localTableName("integrations");

beforeAll(async () => {
  runtime = await startWebhookRuntime();
  admin = await signIn(runtime, FIRST_ADMIN.username, FIRST_ADMIN.password);
  box = new SecretBox(localKeyWrapper(localSessionSecret(runtime.dataDir, WEBHOOK_KEY_FILE)));
});

afterAll(async () => {
  await runtime?.stop();
});

const receiverUrl = (name: string) => `${runtime.url}/__local/webhooks/${name}`;

async function received(name: string): Promise<{ body: string; status: number }[]> {
  const answer = await fetch(receiverUrl(name));
  return ((await answer.json()) as { received: { body: string; status: number }[] }).received;
}

/** An endpoint as the code before the sealing stored it: the whole URL in `url`, no `sealedUrl`. */
async function storeAsBefore(
  kind: "slack" | "webhook",
  url: string,
  description = "stored before",
): Promise<EndpointItem> {
  const item: EndpointItem = {
    id: `ep_${randomUUID().replace(/-/g, "")}`,
    kind,
    url,
    events: ["signup.created"],
    description,
    active: true,
    createdAt: new Date().toISOString(),
    createdBy: FIRST_ADMIN.username,
    secret: await box.seal(`whsec_${Buffer.alloc(24, 7).toString("base64")}`),
    version: 1,
  };
  await runtime.db.send(new PutCommand({ TableName: TABLE, Item: item }));
  return item;
}

async function stored(id: string): Promise<EndpointItem> {
  const found = await runtime.db.send(
    new GetCommand({ TableName: TABLE, Key: { id }, ConsistentRead: true }),
  );
  return found.Item as EndpointItem;
}

async function adminCommand(): Promise<string[]> {
  const store = await openStore(undefined, { DATA_DIR: runtime.dataDir });
  const lines: string[] = [];
  try {
    await run({ command: "seal-slack-urls" }, store, (line) => lines.push(line));
  } finally {
    await store.close();
  }
  return lines;
}

async function signup(): Promise<string> {
  const email = `seal.${randomUUID()}@example.com`;
  const response = await postJson(`${runtime.url}/api/signup`, {
    firstName: "Ada",
    lastName: "Sealed",
    email,
    teamSize: "team",
    productLines: "multiple",
  });
  expect(response.status).toBe(201);
  return email;
}

describe("sealing the Slack URLs stored in clear", () => {
  it("seals them, leaves a webhook's URL alone, still delivers, and a second run changes nothing", async () => {
    const slackUrl = receiverUrl(`slack-${randomUUID().slice(0, 8)}`);
    const slack = await storeAsBefore("slack", slackUrl);
    const webhook = await storeAsBefore("webhook", receiverUrl("plain-webhook"));

    const lines = await adminCommand();
    expect(lines.join("\n")).toMatch(/[1-9]\d* Slack URLs sealed/);

    const sealed = await stored(slack.id);
    expect(sealed.url).toBe(shownUrl("slack", slackUrl));
    expect(sealed.sealedUrl?.scheme).toBe("local");
    expect(JSON.stringify(sealed)).not.toContain(slackUrl);
    expect(await box.open(sealed.sealedUrl as NonNullable<EndpointItem["sealedUrl"]>)).toBe(slackUrl);
    expect(sealed.version).toBe(2);
    expect({ ...sealed, url: slack.url, sealedUrl: undefined, version: 1 }).toEqual({
      ...slack,
      sealedUrl: undefined,
    });
    expect(await stored(webhook.id)).toEqual(webhook);

    // The delivery opens the sealed URL: a signup still reaches the Slack receiver.
    const email = await signup();
    const name = new URL(slackUrl).pathname.split("/").pop() ?? "";
    const got = await runtime.waitFor(async () => {
      const requests = await received(name);
      return requests.some((request) => request.status === 200) ? requests : undefined;
    });
    expect(got[0]?.body).toContain("Ada Sealed");
    expect(got[0]?.body).not.toContain(email);

    // Run again: nothing is left to seal and nothing is written.
    const again = await adminCommand();
    expect(again.join("\n")).toContain(" 0 Slack URLs sealed");
    expect(await stored(slack.id)).toEqual(sealed);
    expect(await stored(webhook.id)).toEqual(webhook);
  });

  it("an edit that lands between the backfill's read and its write wins", async () => {
    const moved = await storeAsBefore("slack", receiverUrl("slack-race-old"));
    const described = await storeAsBefore("slack", receiverUrl("slack-race-described"));
    const newUrl = receiverUrl("slack-race-new");
    const edits: Record<string, Record<string, string>> = {
      [moved.id]: { url: newUrl },
      [described.id]: { description: "edited meanwhile" },
    };
    // The admin's edit goes in over HTTP just before the backfill's first write to each endpoint.
    const racing = {
      send: async (command: Parameters<DynamoDBDocumentClient["send"]>[0]) => {
        const id = command instanceof UpdateCommand ? String(command.input.Key?.id) : "";
        const edit = edits[id];
        if (edit) {
          delete edits[id];
          const answer = await call(runtime, "PATCH", `/api/integrations/endpoints/${id}`, {
            cookie: admin,
            body: edit,
          });
          expect(answer.status, answer.text).toBe(200);
        }
        return runtime.db.send(command as never);
      },
    } as unknown as DynamoDBDocumentClient;

    const result = await sealSlackUrls({ db: racing, tables: { integrations: TABLE }, box });
    expect(result.changedMeanwhile).toBe(2);
    expect(Object.keys(edits)).toEqual([]);

    // The new URL (sealed by the edit) stands; the backfill did not put the old one back.
    const afterMove = await stored(moved.id);
    expect(await box.open(afterMove.sealedUrl as NonNullable<EndpointItem["sealedUrl"]>)).toBe(newUrl);
    expect(afterMove.version).toBe(2);
    // The description's edit stands, and the URL it left in clear was sealed after it.
    const afterDescribe = await stored(described.id);
    expect(afterDescribe.description).toBe("edited meanwhile");
    expect(afterDescribe.version).toBe(3);
    expect(await box.open(afterDescribe.sealedUrl as NonNullable<EndpointItem["sealedUrl"]>)).toBe(
      receiverUrl("slack-race-described"),
    );
    expect(afterDescribe.url).toBe(shownUrl("slack", receiverUrl("slack-race-described")));
  });

  it("the local runtime seals what it finds at start", async () => {
    const slackUrl = receiverUrl("slack-at-start");
    const slack = await storeAsBefore("slack", slackUrl);
    await runtime.restart();
    const sealed = await stored(slack.id);
    expect(sealed.sealedUrl).toBeDefined();
    expect(sealed.url).toBe(shownUrl("slack", slackUrl));
  });
});
