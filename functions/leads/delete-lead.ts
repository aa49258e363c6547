/**
 * Deleting a lead: the record, its counters and an audit entry (who, when, which record) in one
 * transaction — the count never disagrees with the list and no delete goes unrecorded. An open
 * lead's address lookup goes with it (docs/decisions/0075): the next submission from that address
 * opens a new lead; submissions already linked to it stay linked to the deleted lead's timeline.
 */
import { type DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { cancellationCodes } from "../lib/aws-errors";
import type { Clock } from "../lib/clock";
import { auditPut } from "../model/audit";
import { countedOwner, counterUpdates, OWNER_COUNT } from "../model/lead-index";
import type { LeadKind } from "../model/lead-kinds";
import { pointsAt, readProspect, releaseOpenLead } from "../model/prospects";
import { claimMoves, FIGURES_CLAIM, figuresUpdate } from "../model/response-figures";
import { timelinePut } from "../model/timeline";

export interface DeleteLeadDependencies {
  readonly db: DynamoDBDocumentClient;
  readonly tables: { readonly records: string; readonly audit: string };
  readonly clock: Clock;
}

/** Enough for the rare delete that races a change of the same lead or a submission of its address. */
const ATTEMPTS = 5;

export async function deleteLead(
  deps: DeleteLeadDependencies,
  lead: LeadKind,
  input: { id: string; actor: string; ip?: string },
): Promise<"deleted" | "notFound"> {
  for (let attempt = 1; ; attempt++) {
    const found = await deps.db.send(
      new GetCommand({ TableName: deps.tables.records, Key: { id: input.id }, ConsistentRead: true }),
    );
    const item = found.Item;
    if (!item || item.kind !== lead.kind || typeof item.createdAt !== "string") return "notFound";
    const counted = countedOwner(item);
    const version = typeof item.deskVersion === "number" ? item.deskVersion : undefined;
    const self = { kind: lead.kind, id: input.id };
    // Its response figures lose what it is counted as (nothing when it has no claim yet).
    const claim = typeof item[FIGURES_CLAIM] === "string" ? (item[FIGURES_CLAIM] as string) : undefined;
    const figures = figuresUpdate(
      deps.tables.records,
      lead,
      item as Record<string, unknown> & { createdAt: string },
      claimMoves(claim, undefined),
    );
    const email = typeof item.email === "string" ? item.email : undefined;
    const lookup = email ? await readProspect(deps.db, deps.tables.audit, email, deps.clock()) : undefined;
    try {
      await deps.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: deps.tables.records,
                Key: { id: input.id },
                // Only the version we read, so the counters lose exactly what it was counted in: a
                // concurrent delete makes this one a 404; a desk change, the desk backfill's
                // owner count or the figures recount made meanwhile has the record read again.
                ConditionExpression: [
                  "attribute_exists(id) AND createdAt = :createdAt",
                  version === undefined ? "attribute_not_exists(deskVersion)" : "deskVersion = :version",
                  counted ? "#ownerCount = :ownerCount" : "attribute_not_exists(#ownerCount)",
                  claim === undefined ? "attribute_not_exists(#figures)" : "#figures = :figures",
                ].join(" AND "),
                ExpressionAttributeNames: { "#ownerCount": OWNER_COUNT, "#figures": FIGURES_CLAIM },
                ExpressionAttributeValues: {
                  ":createdAt": item.createdAt,
                  ...(version === undefined ? {} : { ":version": version }),
                  ...(counted ? { ":ownerCount": counted } : {}),
                  ...(claim === undefined ? {} : { ":figures": claim }),
                },
              },
            },
            ...counterUpdates(
              deps.tables.records,
              lead,
              item as Record<string, unknown> & { createdAt: string },
              -1,
            ),
            ...(figures ? [figures] : []),
            auditPut(deps.tables.audit, {
              action: lead.deleteAction,
              actor: input.actor,
              target: input.id,
              ip: input.ip,
              at: deps.clock(),
              details: { createdAt: item.createdAt },
            }),
            // The lead's timeline outlives it and ends with who deleted it, when.
            timelinePut(deps.tables.audit, lead.kind, input.id, {
              type: "deletion",
              at: deps.clock(),
              actor: input.actor,
            }),
            ...(email && lookup && pointsAt(lookup, self)
              ? [releaseOpenLead(deps.tables.audit, email, self)]
              : []),
          ],
        }),
      );
      return "deleted";
    } catch (error) {
      const codes = cancellationCodes(error);
      // The record is gone (the next read says so) or changed, or the address's lookup moved
      // since it was read: read both again.
      if (!codes?.includes("ConditionalCheckFailed") || attempt >= ATTEMPTS) throw error;
    }
  }
}
