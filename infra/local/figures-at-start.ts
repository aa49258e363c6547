/**
 * The dashboard's response figures at start. A deployed stage reads the maintained figures once ops
 * have run `npm run admin -- recount-figures` after the deploy (docs/DEPLOY.md), which counts the
 * window's leads and marks both lead tables; until then every request recounts the records
 * (docs/decisions/0090-maintained-response-figures.md). The local runtime runs that recount at start
 * while a lead table is unmarked, so `npm start` answers the way a deployed stage does from its first
 * request, also for a local store written by an older version.
 */
import { type DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import { hasFiguresMarker } from "../../functions/leads/desk-stats";
import { recountFigures } from "../../functions/leads/figures-recount";
import { recountSources } from "../../functions/leads/sources-recount";
import { CONTACT_KIND, SIGNUP_KIND } from "../../functions/model/lead-kinds";
import { businessCalendar } from "../../functions/model/response-clock";
import { SOURCES_READY_ID } from "../../functions/model/source-figures";
import { loadStage } from "../stages";
import { localTableName } from "./tables";

export async function countFiguresAtStart(
  db: DynamoDBDocumentClient,
  log: (line: string) => void = console.log,
): Promise<void> {
  const kinds = [SIGNUP_KIND, CONTACT_KIND].map((lead) => ({ lead, table: localTableName(lead.table) }));
  const calendar = businessCalendar(loadStage("local").responseHolidays);
  await countSourcesAtStart(db, kinds, calendar, log);
  const marked = await Promise.all(kinds.map(({ table }) => hasFiguresMarker(db, table)));
  if (marked.every(Boolean)) return;
  const result = await recountFigures({ db, kinds, calendar, clock: () => new Date() });
  if (result.counted > 0)
    log(`[local] response figures: ${result.counted} of ${result.records} leads counted`);
}

/** The Sources report's items likewise (docs/decisions/0144-sources-report-figures.md). */
async function countSourcesAtStart(
  db: DynamoDBDocumentClient,
  kinds: Parameters<typeof recountSources>[0]["kinds"],
  calendar: ReturnType<typeof businessCalendar>,
  log: (line: string) => void,
): Promise<void> {
  const marked = await Promise.all(
    kinds.map(
      async ({ table }) =>
        (await db.send(new GetCommand({ TableName: table, Key: { id: SOURCES_READY_ID } }))).Item,
    ),
  );
  if (marked.every(Boolean)) return;
  const result = await recountSources({ db, kinds, calendar, clock: () => new Date() });
  if (result.counted > 0) log(`[local] sources report: ${result.counted} of ${result.records} leads counted`);
}
