/**
 * `npm run admin -- recount-sources` (docs/decisions/0144-sources-report-figures.md): counts every
 * lead record in the Sources report's items (functions/model/source-figures.ts) as it is now, then
 * marks each lead table counted (the report says "not counted yet" until then).
 *
 * As the response figures' recount (./figures-recount.ts): one record at a time, in one transaction
 * conditional on the record's desk version and all its claims still being those read; refused, it
 * reads the record again and settles it as it is then. Safe while leads change, idempotent. Unlike
 * that one it reads every record, not a window: the report reaches back a year and more, and the
 * leads stored before the report have no claim. Their `reached` is their status now (their history
 * before the report is not on the record).
 */
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from "@aws-sdk/lib-dynamodb";
import type { Clock } from "../lib/clock";
import { forEachConcurrently } from "../lib/pool";
import {
  conflictBackoffMs,
  isConditionRefused,
  isTransactionConflict,
  sleep as realSleep,
  type Sleep,
} from "../lib/transact";
import type { LeadKind } from "../model/lead-kinds";
import type { BusinessCalendar } from "../model/response-clock";
import { claimsCondition, storedClaims } from "../model/response-figures";
import {
  REACHED,
  reachedOf,
  SOURCE_CLAIM,
  SOURCES_READY_ID,
  sourceClaim,
  sourceMoves,
  sourceUpdates,
} from "../model/source-figures";
import { CREATED_AT_INDEX } from "../model/tables";

export interface SourcesRecountDeps {
  readonly db: DynamoDBDocumentClient;
  readonly kinds: readonly { readonly lead: LeadKind; readonly table: string }[];
  readonly calendar: BusinessCalendar;
  readonly clock: Clock;
  readonly sleep?: Sleep;
}

type Stored = Record<string, unknown> & { id: string; createdAt: string };

const PAGE_SIZE = 250;
const WRITERS = 8;
const ATTEMPTS = 10;

async function settle(
  deps: SourcesRecountDeps,
  lead: LeadKind,
  table: string,
  read: Stored,
): Promise<"counted" | "right" | "gone"> {
  let record: Stored | undefined = read;
  for (let attempt = 1; ; attempt++) {
    if (!record) return "gone";
    const stored = storedClaims(record);
    const reached = reachedOf(record).join(" ");
    const claim = sourceClaim(record, deps.calendar);
    if (stored.sources === claim) return attempt === 1 ? "right" : "counted";
    const version = typeof record.deskVersion === "number" ? record.deskVersion : undefined;
    const guard = claimsCondition(stored);
    try {
      await deps.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: table,
                Key: { id: record.id },
                UpdateExpression: `SET #sources = :sourcesClaim${reached === "" ? "" : ", #reached = :reached"}`,
                ConditionExpression: [
                  "attribute_exists(id)",
                  version === undefined ? "attribute_not_exists(deskVersion)" : "deskVersion = :version",
                  guard.condition,
                ].join(" AND "),
                ExpressionAttributeNames: {
                  ...guard.names,
                  "#sources": SOURCE_CLAIM,
                  ...(reached === "" ? {} : { "#reached": REACHED }),
                },
                ExpressionAttributeValues: {
                  ":sourcesClaim": claim,
                  ...(reached === "" ? {} : { ":reached": reached }),
                  ...(version === undefined ? {} : { ":version": version }),
                  ...guard.values,
                },
              },
            },
            ...sourceUpdates(table, lead, record.id, sourceMoves(stored.sources, claim)),
          ],
        }),
      );
      return "counted";
    } catch (error) {
      if (attempt >= ATTEMPTS || !(isConditionRefused(error) || isTransactionConflict(error))) throw error;
      await (deps.sleep ?? realSleep)(conflictBackoffMs(attempt));
      const found: { Item?: Record<string, unknown> } = await deps.db.send(
        new GetCommand({ TableName: table, Key: { id: record.id }, ConsistentRead: true }),
      );
      record = found.Item?.kind === lead.kind ? (found.Item as Stored) : undefined;
    }
  }
}

export async function recountSources(
  deps: SourcesRecountDeps,
): Promise<{ records: number; counted: number; gone: number }> {
  const totals = { records: 0, counted: 0, gone: 0 };
  for (const { lead, table } of deps.kinds) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await deps.db.send(
        new QueryCommand({
          TableName: table,
          IndexName: CREATED_AT_INDEX,
          KeyConditionExpression: "kind = :kind",
          ExpressionAttributeValues: { ":kind": lead.kind },
          Limit: PAGE_SIZE,
          ExclusiveStartKey: start,
        }),
      );
      const records = (page.Items ?? []).filter(
        (item): item is Stored => typeof item.id === "string" && typeof item.createdAt === "string",
      );
      totals.records += records.length;
      await forEachConcurrently(records, WRITERS, async (record) => {
        const outcome = await settle(deps, lead, table, record);
        if (outcome !== "right") totals[outcome] += 1;
      });
      start = page.LastEvaluatedKey;
    } while (start);
  }
  await Promise.all(
    deps.kinds.map(({ table }) =>
      deps.db.send(
        new PutCommand({ TableName: table, Item: { id: SOURCES_READY_ID, at: deps.clock().toISOString() } }),
      ),
    ),
  );
  return totals;
}
