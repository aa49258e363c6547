/**
 * The Sources report's items against rows without number (docs/decisions/0144-sources-report-figures.md):
 * campaign names and referring sites are free text, so a month may have thousands of rows — a
 * visitor can make them up. Every row has items of its own, so a month full of rows still takes a
 * new lead's transaction (DynamoDB, and dynalite with it, refuses an item over 400 KB), and the
 * report still lists every row. On dynalite, a real DynamoDB API.
 */
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, expect, it } from "vitest";
import { teamDayOf } from "../../events/team-time";
import { sourceReport } from "../../functions/leads/source-report";
import { SIGNUP_KIND } from "../../functions/model/lead-kinds";
import { businessCalendar } from "../../functions/model/response-clock";
import { sourceClaim, sourceItemsFor } from "../../functions/model/source-figures";
import { batchWriteAll } from "../bench/admin-seed";
import { startDynalite, type TestDynamo } from "../support/dynamo";
import { setLeadSource } from "../support/lead-source";

/** Enough rows that one item holding a month's rows would pass 400 KB several times over. */
const ROWS = 12_000;
const NOW = new Date("2026-11-24T15:00:00.000Z");
const CALENDAR = businessCalendar();

let dynamo: TestDynamo;
const campaign = (n: number) => `made-up-${String(n).padStart(5, "0")}-${"x".repeat(84)}`;

beforeAll(async () => {
  dynamo = await startDynalite();
  const records = Array.from({ length: ROWS }, (_, n) => ({
    id: `lead-${n}`,
    kind: SIGNUP_KIND.kind,
    createdAt: new Date(NOW.getTime() - (n % 600) * 1000).toISOString(),
    dueAt: new Date(NOW.getTime() + 86_400_000).toISOString(),
    status: "new",
    source: { channel: "paid-search", utmSource: "google", utmMedium: "cpc", utmCampaign: campaign(n) },
  }));
  const { items } = sourceItemsFor(SIGNUP_KIND, records, CALENDAR);
  const largest = Math.max(...items.map((item) => Buffer.byteLength(JSON.stringify(item))));
  expect(largest).toBeLessThan(4_000);
  await batchWriteAll(dynamo.db, dynamo.tables.signups, items);
}, 120_000);

afterAll(async () => {
  await dynamo?.close();
});

it("a month with thousands of rows still takes a new lead, and the report lists every row", async () => {
  const table = dynamo.tables.signups;
  const record = {
    id: "lead-new",
    kind: SIGNUP_KIND.kind,
    createdAt: NOW.toISOString(),
    dueAt: new Date(NOW.getTime() + 86_400_000).toISOString(),
    status: "new",
  };
  await dynamo.db.send(new PutCommand({ TableName: table, Item: record }));
  const source = { channel: "paid-search", utmSource: "google", utmCampaign: campaign(ROWS) } as const;
  await setLeadSource({ db: dynamo.db, table: () => table }, SIGNUP_KIND, record.id, source, CALENDAR);
  const stored = await dynamo.db.send(new GetCommand({ TableName: table, Key: { id: record.id } }));
  expect(stored.Item?.sources).toBe(sourceClaim({ ...record, source }, CALENDAR));

  const day = teamDayOf(NOW.toISOString());
  const report = await sourceReport(
    { db: dynamo.db, kinds: [{ lead: SIGNUP_KIND, table }], clock: () => NOW },
    { from: day, to: day },
  );
  expect(report.total.leads).toBe(ROWS + 1);
  const campaigns = report.rows.filter((row) => row.level === "campaign");
  expect(campaigns).toHaveLength(ROWS + 1);
  expect(campaigns.every((row) => row.leads === 1)).toBe(true);
}, 120_000);
