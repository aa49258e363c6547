/**
 * Deleting a lead: the record, its counters and an audit entry (who, when, which record) in one
 * transaction — the count never disagrees with the list and no delete goes unrecorded.
 */
import { type DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { auditPut } from "../auth/audit";
import { timelinePut } from "../desk/timeline";
import { cancellationCodes } from "../lib/aws-errors";
import { counterUpdates } from "../model/lead-index";
import type { LeadKind } from "../model/lead-kinds";

export interface DeleteLeadDependencies {
  readonly db: DynamoDBDocumentClient;
  readonly tables: { readonly records: string; readonly audit: string };
  readonly now: () => Date;
}

export async function deleteLead(
  deps: DeleteLeadDependencies,
  lead: LeadKind,
  input: { id: string; actor: string; ip?: string },
): Promise<"deleted" | "notFound"> {
  const found = await deps.db.send(
    new GetCommand({ TableName: deps.tables.records, Key: { id: input.id }, ConsistentRead: true }),
  );
  const item = found.Item;
  if (!item || item.kind !== lead.kind || typeof item.createdAt !== "string") return "notFound";
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: deps.tables.records,
              Key: { id: input.id },
              // Only the version we read: a concurrent delete makes this one a 404.
              ConditionExpression: "attribute_exists(id) AND createdAt = :createdAt",
              ExpressionAttributeValues: { ":createdAt": item.createdAt },
            },
          },
          ...counterUpdates(
            deps.tables.records,
            lead,
            item as Record<string, unknown> & { createdAt: string },
            -1,
          ),
          auditPut(deps.tables.audit, {
            action: lead.deleteAction,
            actor: input.actor,
            target: input.id,
            ip: input.ip,
            at: deps.now(),
            details: { createdAt: item.createdAt },
          }),
          // The lead's timeline outlives it and ends with who deleted it, when.
          timelinePut(deps.tables.audit, lead.kind, input.id, {
            type: "deletion",
            at: deps.now(),
            actor: input.actor,
          }),
        ],
      }),
    );
  } catch (error) {
    if (cancellationCodes(error)?.[0] === "ConditionalCheckFailed") return "notFound";
    throw error;
  }
  return "deleted";
}
