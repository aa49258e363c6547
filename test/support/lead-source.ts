/**
 * A lead's stored source written onto its record through the write path that keeps the figures
 * (`figuresChange`, functions/model/response-figures.ts): the record's attribute and its claims in
 * one transaction with the items' moves, conditional on the claims read — as the capture will store
 * it (events/lead-source.ts). For tests and benchmarks that need leads with sources; and the claim
 * alone, for a record a test writes straight to its table.
 */
import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { LeadSource } from "../../events/lead-source";
import type { LeadKind } from "../../functions/model/lead-kinds";
import { type BusinessCalendar, businessCalendar } from "../../functions/model/response-clock";
import { figuresChange } from "../../functions/model/response-figures";
import { sourceClaim } from "../../functions/model/source-figures";
import type { RuntimeProcess } from "./runtime";

export async function setLeadSource(
  runtime: Pick<RuntimeProcess, "db" | "table">,
  lead: LeadKind,
  id: string,
  source: LeadSource,
  calendar: BusinessCalendar,
): Promise<void> {
  const table = runtime.table(lead.table);
  const found = await runtime.db.send(
    new GetCommand({ TableName: table, Key: { id }, ConsistentRead: true }),
  );
  const before = found.Item as (Record<string, unknown> & { createdAt: string }) | undefined;
  if (!before) throw new Error(`no ${lead.kind} ${id}`);
  const figures = figuresChange(table, lead, before, { ...before, source }, calendar);
  const set = { source, ...figures.set };
  const names = Object.fromEntries(Object.keys(set).map((name, i) => [`#s${i}`, name]));
  const values = Object.fromEntries(Object.values(set).map((value, i) => [`:s${i}`, value]));
  await runtime.db.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: table,
            Key: { id },
            UpdateExpression: `SET ${Object.keys(names)
              .map((name, i) => `${name} = :s${i}`)
              .join(", ")}`,
            ConditionExpression: `attribute_exists(id) AND ${figures.condition}`,
            ExpressionAttributeNames: { ...names, ...figures.names },
            ExpressionAttributeValues: { ...values, ...figures.values },
          },
        },
        ...figures.actions,
      ],
    }),
  );
}

/**
 * The Sources report's claim (`sources`) of a record a test writes straight to its table, without
 * the figures' items: its row and team day, for a listing's row filter. Holidays only change the
 * reply steps, which no listing reads.
 */
export function sourceClaimOf(record: Record<string, unknown>): string {
  return sourceClaim(record, businessCalendar());
}
