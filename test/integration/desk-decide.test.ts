/**
 * The desk's one decider end to end (docs/decisions/0129): over random desks and changes
 * (test/support/desk-arbitraries.ts), the server's update stored in DynamoDB (dynalite) leaves the
 * record's desk exactly as the Command Center's preview shows it (web/src/commandcenter/leads/
 * deskPreview.ts); the entries it answers are the ones stored, in the decision's order, and the
 * events it publishes the decision's; the same change again writes nothing.
 */
import { GetCommand, PutCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decideDesk, deskStateOf } from "../../events/desk-decide";
import { changeLead, type DeskDeps } from "../../functions/leads/lead-desk";
import { ownerCounterName } from "../../functions/model/lead-index";
import { SIGNUP_KIND } from "../../functions/model/lead-kinds";
import { eventOfOutboxItem } from "../../functions/model/outbox";
import { businessCalendar } from "../../functions/model/response-clock";
import { readTimeline } from "../../functions/model/timeline";
import { previewLead } from "../../web/src/commandcenter/leads/deskPreview";
import { deskChange, deskRuns, deskState } from "../support/desk-arbitraries";
import { startDynalite, type TestDynamo } from "../support/dynamo";

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startDynalite();
});
afterAll(async () => {
  await dynamo?.close();
});

const now = new Date("2026-11-18T15:00:00.000Z");
const at = now.toISOString();
const deps = (): DeskDeps => ({
  db: dynamo.db,
  tables: { records: dynamo.tables.signups, audit: dynamo.tables.audit, outbox: dynamo.tables.outbox },
  clock: () => now,
  calendar: businessCalendar([]),
});

async function stored(id: string): Promise<Record<string, unknown>> {
  const found = await dynamo.db.send(
    new GetCommand({ TableName: dynamo.tables.signups, Key: { id }, ConsistentRead: true }),
  );
  return found.Item ?? {};
}

/** The types of the lead's events in the outbox, sorted (a scan has no order). */
async function outboxTypes(id: string): Promise<string[]> {
  const items = await dynamo.db.send(
    new ScanCommand({ TableName: dynamo.tables.outbox, ConsistentRead: true }),
  );
  return (items.Items ?? [])
    .map(eventOfOutboxItem)
    .filter((event) => "lead" in event.data && event.data.lead.id === id)
    .map((event) => event.type)
    .sort();
}

describe("a desk update, stored", () => {
  it("leaves the record as the web's preview shows it, its entries and events as decided, and is done once", async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        deskState(),
        deskChange.map(({ reply: _, ...change }) => change),
        async (before, change) => {
          n += 1;
          const id = `decide-${n}-${crypto.randomUUID()}`;
          // A record as the desk leaves it: counted under its owner when it has one.
          const record = {
            id,
            kind: "signup",
            createdAt: "2026-11-17T15:00:00.000Z",
            dueAt: "2026-11-18T17:00:00.000Z",
            ...before,
            ...(before.owner && before.status
              ? { ownerCount: ownerCounterName(before.status, before.owner) }
              : {}),
          };
          await dynamo.db.send(new PutCommand({ TableName: dynamo.tables.signups, Item: record }));
          const decision = decideDesk(deskStateOf(record), change, { actor: "ann", at });

          const first = await changeLead(deps(), SIGNUP_KIND, id, change, "ann");
          expect(first.outcome).toBe("updated");
          const entries = first.outcome === "updated" ? first.entries : [];
          const after = await stored(id);
          expect(deskStateOf(after)).toEqual(deskStateOf(previewLead(record, change, at)));
          expect(entries.map(({ id: _, ...entry }) => entry)).toEqual(
            decision.entries.map(({ entry }) => entry),
          );
          expect(await readTimeline(dynamo.db, dynamo.tables.audit, "signup", id)).toEqual(entries);
          expect(await outboxTypes(id)).toEqual(decision.events.map((event) => event.type).sort());

          const again = await changeLead(deps(), SIGNUP_KIND, id, change, "ann");
          expect(again).toEqual({ outcome: "updated", entries: [] });
          expect((await stored(id)).deskVersion).toBe(after.deskVersion);
        },
      ),
      deskRuns(60),
    );
  });
});
