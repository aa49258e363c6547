/**
 * DynamoDB's time to live, locally: dynalite never expires an item, so the runtime sweeps the
 * tables whose TTL deletions something consumes (the lead tables, docs/decisions/0103) the way
 * DynamoDB does, and feeds the same consumer the stream records AWS would:
 * - every item whose `expiresAt` has passed is deleted, on condition that it still has (DynamoDB
 *   does not delete an item whose expiry moved into the future before it got to it);
 * - each deletion becomes a REMOVE record with the item as it was (OLD_IMAGE) and the identity of
 *   TTL (`userIdentity` { type "Service", principalId "dynamodb.amazonaws.com" });
 * - the records go to the consumer in order, in batches of the stream mapping's size; a batch that
 *   reports a failure is delivered again from the failed record, a few times, then reported.
 * It runs on a timer (TTL_SWEEP_SECONDS, 0: none) and on demand at a given time
 * (POST /__local/ttl-sweep?time=…, for tests); `?replay=1` delivers the last sweep's batches again,
 * as a stream may.
 */
import { randomUUID } from "node:crypto";
import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { DeleteCommand, type DynamoDBDocumentClient, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { marshall } from "@aws-sdk/util-dynamodb";
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from "aws-lambda";
import { TTL_DELETION_IDENTITY } from "../../functions/lib/dynamo";
import { TABLES, type TableKey } from "../../functions/model/tables";
import { LEAD_EXPIRY } from "../../functions/registry";
import { type HandlerLoader, lambdaContext } from "./lambda";
import { localTableName } from "./tables";

/** The stream mapping's batch size in AWS (infra/constructs/lead-expiry.ts). */
const BATCH_SIZE = 100;
/** Deliveries of a failing batch before it is given up (AWS: the mapping's retries, then the failure queue). */
const DELIVERIES = 3;

export interface TtlSweepOptions {
  readonly db: DynamoDBDocumentClient;
  /** The tables swept: key and physical name. */
  readonly tables: readonly { readonly key: TableKey; readonly name: string }[];
  /** The stream consumer (the registry's LEAD_EXPIRY handler). */
  readonly consume: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>;
  readonly region: string;
  /** 0: no timer. */
  readonly intervalMs: number;
  readonly onError: (error: unknown) => void;
}

export interface SweepResult {
  /** Items deleted (records, counters, markers). */
  readonly deleted: number;
  /** Stream records the consumer could not take, after every delivery. */
  readonly failed: number;
}

export class LocalTtlSweep {
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private sequence = 0;
  private lastBatches: DynamoDBStreamEvent[] = [];
  private stopped = false;

  constructor(private readonly options: TtlSweepOptions) {}

  start(): void {
    if (this.options.intervalMs <= 0) return;
    this.timer = setInterval(() => {
      this.sweep().catch(this.options.onError);
    }, this.options.intervalMs);
    this.timer.unref();
  }

  /** Deletes what has expired at `at` and delivers the deletions; sweeps never overlap. */
  sweep(at: Date = new Date()): Promise<SweepResult> {
    return this.serially(() => this.sweepOnce(at));
  }

  /** Delivers the last sweep's batches once more (a stream delivers at least once). */
  replay(): Promise<SweepResult> {
    return this.serially(async () => {
      let failed = 0;
      for (const batch of this.lastBatches) failed += await this.deliver(batch);
      return { deleted: 0, failed };
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.chain.catch(() => undefined);
  }

  private serially<T>(run: () => Promise<T>): Promise<T> {
    if (this.stopped) return Promise.reject(new Error("The TTL sweep has stopped"));
    const next = this.chain.then(run, run);
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async sweepOnce(at: Date): Promise<SweepResult> {
    const batches: DynamoDBStreamEvent[] = [];
    let deleted = 0;
    for (const table of this.options.tables) {
      const records: DynamoDBRecord[] = [];
      for (const item of await this.expiredItems(table.name, at)) {
        const old = await this.deleteIfExpired(table.key, table.name, item, at);
        if (old) records.push(this.streamRecord(table.key, table.name, old, at));
      }
      deleted += records.length;
      for (let start = 0; start < records.length; start += BATCH_SIZE)
        batches.push({ Records: records.slice(start, start + BATCH_SIZE) });
    }
    this.lastBatches = batches;
    let failed = 0;
    for (const batch of batches) failed += await this.deliver(batch);
    return { deleted, failed };
  }

  private async expiredItems(table: string, at: Date): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.options.db.send(
        new ScanCommand({
          TableName: table,
          FilterExpression: "expiresAt <= :now",
          ExpressionAttributeValues: { ":now": Math.floor(at.getTime() / 1000) },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    return items;
  }

  /** The item as it was when deleted, or undefined when it was gone or no longer expired. */
  private async deleteIfExpired(
    key: TableKey,
    table: string,
    item: Record<string, unknown>,
    at: Date,
  ): Promise<Record<string, unknown> | undefined> {
    try {
      const answer = await this.options.db.send(
        new DeleteCommand({
          TableName: table,
          Key: keyOf(key, item),
          ConditionExpression: "expiresAt <= :now",
          ExpressionAttributeValues: { ":now": Math.floor(at.getTime() / 1000) },
          ReturnValues: "ALL_OLD",
        }),
      );
      return answer.Attributes;
    } catch (error) {
      if ((error as { name?: string }).name === "ConditionalCheckFailedException") return undefined;
      throw error;
    }
  }

  private streamRecord(key: TableKey, table: string, old: Record<string, unknown>, at: Date): DynamoDBRecord {
    this.sequence += 1;
    // The stream's AttributeValue type (aws-lambda) and the SDK's are the same wire shape.
    const image = (value: Record<string, unknown>) =>
      marshall(value, { removeUndefinedValues: true }) as Record<string, AttributeValue> as NonNullable<
        DynamoDBRecord["dynamodb"]
      >["OldImage"];
    return {
      eventID: randomUUID(),
      eventName: "REMOVE",
      eventVersion: "1.1",
      eventSource: "aws:dynamodb",
      awsRegion: this.options.region,
      eventSourceARN: `arn:aws:dynamodb:${this.options.region}:000000000000:table/${table}/stream/local`,
      userIdentity: { ...TTL_DELETION_IDENTITY },
      dynamodb: {
        ApproximateCreationDateTime: Math.floor(at.getTime() / 1000),
        Keys: image(keyOf(key, old)),
        OldImage: image(old),
        SequenceNumber: String(this.sequence).padStart(21, "0"),
        StreamViewType: "OLD_IMAGE",
      },
    };
  }

  /** One batch, as Lambda's stream poller delivers it: from the reported failure on, again. */
  private async deliver(batch: DynamoDBStreamEvent): Promise<number> {
    let records = batch.Records;
    for (let delivery = 1; records.length > 0; delivery++) {
      const answer = await this.options.consume({ Records: records });
      const failure = answer?.batchItemFailures?.[0]?.itemIdentifier;
      if (failure === undefined) return 0;
      const from = records.findIndex((record) => record.dynamodb?.SequenceNumber === failure);
      records = from < 0 ? records : records.slice(from);
      if (delivery >= DELIVERIES) {
        this.options.onError(new Error(`TTL deletions not taken by their consumer: ${records.length}`));
        return records.length;
      }
    }
    return 0;
  }
}

function keyOf(key: TableKey, item: Record<string, unknown>): Record<string, unknown> {
  const definition = TABLES[key] as (typeof TABLES)[TableKey] & { sortKey?: { name: string } };
  return {
    [definition.partitionKey.name]: item[definition.partitionKey.name],
    ...(definition.sortKey ? { [definition.sortKey.name]: item[definition.sortKey.name] } : {}),
  };
}

/**
 * DynamoDB's TTL on the lead tables for the runtime: every TTL_SWEEP_SECONDS (60; 0: only on
 * demand), its deletions fed to the registry's stream consumer (LEAD_EXPIRY).
 */
export function leadExpirySweep(
  db: DynamoDBDocumentClient,
  loader: HandlerLoader,
  region: string,
  onError: (error: unknown) => void,
): LocalTtlSweep {
  const seconds = Number(process.env.TTL_SWEEP_SECONDS || 60);
  if (!Number.isFinite(seconds) || seconds < 0)
    throw new Error("TTL_SWEEP_SECONDS must be a number of seconds (0: no timer)");
  return new LocalTtlSweep({
    db,
    tables: (["signups", "contacts"] as const).map((key) => ({ key, name: localTableName(key) })),
    consume: async (event) => {
      const handler = await loader.load(LEAD_EXPIRY.entry);
      return (await handler(event, lambdaContext(LEAD_EXPIRY.name))) as DynamoDBBatchResponse | undefined;
    },
    region,
    intervalMs: seconds * 1000,
    onError,
  });
}
