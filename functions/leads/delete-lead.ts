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
import { leadRecordDelete } from "../model/lead-delete";
import type { LeadKind } from "../model/lead-kinds";
import { readProspect } from "../model/prospects";
import { expiryOf, timelinePut } from "../model/timeline";

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
    const email = typeof item.email === "string" ? item.email : undefined;
    const lookup = email ? await readProspect(deps.db, deps.tables.audit, email, deps.clock()) : undefined;
    try {
      await deps.db.send(
        new TransactWriteCommand({
          TransactItems: [
            ...leadRecordDelete(
              deps.tables,
              lead,
              item as Record<string, unknown> & { id: string; createdAt: string },
              lookup,
            ),
            auditPut(deps.tables.audit, {
              action: lead.deleteAction,
              actor: input.actor,
              target: input.id,
              ip: input.ip,
              at: deps.clock(),
              details: { createdAt: item.createdAt },
            }),
            // The lead's timeline outlives it and ends with who deleted it, when.
            timelinePut(
              deps.tables.audit,
              { kind: lead.kind, id: input.id, expiresAt: expiryOf(item) },
              {
                type: "deletion",
                at: deps.clock(),
                actor: input.actor,
              },
            ),
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
