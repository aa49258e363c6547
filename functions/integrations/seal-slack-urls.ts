/**
 * The one-time backfill of Slack URLs stored before they were sealed (docs/product/webhooks.md,
 * "Slack"; docs/decisions/0091-outbound-integrations.md): each Slack endpoint that still holds its
 * full incoming-webhook URL in clear in `url` gets it sealed into `sealedUrl`, with only its shown
 * form left in `url` — what an admin's edit has stored since (./endpoints.ts, `storedUrl`).
 *
 * - Idempotent: an endpoint with `sealedUrl` is left alone, so a second run writes nothing.
 * - Resumable: every endpoint is one conditional write of its own; a run stopped half-way leaves
 *   the rest in clear for the next run, which finds them the same way.
 * - Never over an edit: the write holds only if the endpoint is still the version that was read,
 *   with the same clear URL and nothing sealed. An edit that came first wins; the endpoint is read
 *   again and sealed only if it still needs it (an edit of its description, say).
 * No audit entry: the address does not change, only how it is stored.
 */
import { type DynamoDBDocumentClient, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { isConditionalCheckFailed } from "../lib/aws-errors";
import type { SecretBox } from "../lib/secret-box";
import { type EndpointItem, findEndpoint, listEndpoints, storedUrl } from "./endpoints";

export interface SealSlackUrlsDeps {
  readonly db: DynamoDBDocumentClient;
  readonly tables: { readonly integrations: string };
  readonly box: SecretBox;
}

export interface SealSlackUrlsResult {
  /** Endpoints read. */
  readonly endpoints: number;
  /** Slack URLs this run sealed. */
  readonly sealed: number;
  /** Slack endpoints an edit or a deletion changed between the read and the write, which won. */
  readonly changedMeanwhile: number;
}

/** Attempts per endpoint when edits keep landing between the read and the write. */
const ATTEMPTS = 5;

/** A Slack endpoint whose full URL is still stored in clear. */
export function needsSealing(item: Pick<EndpointItem, "kind" | "sealedUrl" | "url">): boolean {
  return item.kind === "slack" && item.sealedUrl === undefined && typeof item.url === "string";
}

/** Seals one endpoint's URL under the version that was read; false when it changed meanwhile. */
async function sealOne(deps: SealSlackUrlsDeps, item: EndpointItem): Promise<boolean> {
  const stored = await storedUrl(deps.box, "slack", item.url);
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.integrations,
        Key: { id: item.id },
        UpdateExpression: "SET #url = :shown, sealedUrl = :sealed, #version = :next",
        ConditionExpression:
          "#version = :version AND #url = :clear AND kind = :slack AND attribute_not_exists(sealedUrl)",
        ExpressionAttributeNames: { "#url": "url", "#version": "version" },
        ExpressionAttributeValues: {
          ":shown": stored.url,
          ":sealed": stored.sealedUrl,
          ":next": item.version + 1,
          ":version": item.version,
          ":clear": item.url,
          ":slack": "slack",
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

export async function sealSlackUrls(deps: SealSlackUrlsDeps): Promise<SealSlackUrlsResult> {
  const endpoints = await listEndpoints(deps);
  let sealed = 0;
  let changedMeanwhile = 0;
  for (const listed of endpoints.filter(needsSealing)) {
    let item: EndpointItem | undefined = listed;
    for (let attempt = 0; item && needsSealing(item); attempt += 1) {
      if (attempt === ATTEMPTS) throw new Error(`Endpoint ${item.id} kept changing; run the command again`);
      if (await sealOne(deps, item)) {
        sealed += 1;
        break;
      }
      changedMeanwhile += attempt === 0 ? 1 : 0;
      item = await findEndpoint(deps, item.id);
    }
  }
  return { endpoints: endpoints.length, sealed, changedMeanwhile };
}
