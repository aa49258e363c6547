/**
 * `npm run bench -- admin-figures [count]`: the dashboard's response figures alone, on a store of
 * `count` signups (20,000 by default; seeded like ./admin.ts, quicker than its 100,000): the
 * request over HTTP, and in-process what one maintained answer reads (keys, items, calls) against
 * what the per-request read of the leads still inside their promise read before
 * docs/decisions/0102 (the byDesk items of New and Lost leads since `earliestStillInside`). Run it
 * at two counts to see which of the two grows with the leads.
 */
import os from "node:os";
import {
  BatchGetCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
} from "@aws-sdk/lib-dynamodb";
import type { DeskStatsResponse } from "../../events";
import { earliestStillInside, maintainedStats, recountStats } from "../../functions/leads/desk-stats";
import { deskKey } from "../../functions/model/lead-index";
import { CONTACT_KIND, SIGNUP_KIND } from "../../functions/model/lead-kinds";
import { businessCalendar } from "../../functions/model/response-clock";
import { DESK_INDEX } from "../../functions/model/tables";
import { loadStage } from "../../infra/stages";
import { postJson } from "../support/post-json";
import { startRuntime } from "../support/runtime";
import { BENCH_ADMIN, makeSignups, markContactsCounted, seedSignupStore, withDesk } from "./admin-seed";
import { type BenchResult, below, figuresTable, holds, info } from "./figures";

const ADMIN = { username: BENCH_ADMIN, password: "benchmark password 1234" };
const CALENDAR = businessCalendar(loadStage("local").responseHolidays);
const RUNS = 11;

interface Reads {
  calls: number;
  /** Keys asked for by BatchGet and Get, and the items they found. */
  keys: number;
  found: number;
  /** Items Query read (before its filter). */
  queried: number;
}

const noReads = (): Reads => ({ calls: 0, keys: 0, found: 0, queried: 0 });

/** A client that counts what it reads: keys asked for by BatchGet and Get, items a Query read. */
function counting(db: DynamoDBDocumentClient, reads: Reads): DynamoDBDocumentClient {
  const send = async (command: unknown) => {
    // biome-ignore lint/suspicious/noExplicitAny: passes any command through, as the client does.
    const answer = await db.send(command as any);
    reads.calls += 1;
    if (command instanceof BatchGetCommand) {
      for (const request of Object.values(command.input.RequestItems ?? {}))
        reads.keys += request.Keys?.length ?? 0;
      for (const items of Object.values(
        (answer as { Responses?: Record<string, unknown[]> }).Responses ?? {},
      ))
        reads.found += items.length;
    } else if (command instanceof GetCommand) {
      reads.keys += 1;
      reads.found += (answer as { Item?: unknown }).Item ? 1 : 0;
    } else if (command instanceof QueryCommand) {
      reads.queried += (answer as { ScannedCount?: number }).ScannedCount ?? 0;
    }
    return answer;
  };
  return { send } as unknown as DynamoDBDocumentClient;
}

const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timedRuns<T>(run: () => Promise<T>): Promise<{ ms: number; last: T }> {
  let last = await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    last = await run();
    times.push(performance.now() - started);
  }
  return { ms: Math.round(middle(times)), last };
}

export async function run(args: string[]): Promise<BenchResult> {
  const count = Number(args[0] ?? 20_000);
  const runtime = await startRuntime({
    env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "warn" },
  });
  try {
    const now = Date.now();
    const seedStarted = performance.now();
    await seedSignupStore(
      runtime.db,
      runtime.table("signups"),
      withDesk(makeSignups(count, now), now),
      CALENDAR,
    );
    await markContactsCounted(
      runtime.db,
      { signups: runtime.table("signups"), contacts: runtime.table("contacts") },
      CALENDAR,
    );
    const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
    const login = await postJson(`${runtime.url}/api/auth/login`, ADMIN);
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    const cookie = (login.headers.getSetCookie()[0] ?? "").split(";")[0] as string;
    const loadBefore = os.loadavg();

    const http = await timedRuns(async () => {
      const answer = await fetch(`${runtime.url}/api/admin/desk/stats`, { headers: { cookie } });
      return (await answer.json()) as DeskStatsResponse;
    });
    const kinds = [SIGNUP_KIND, CONTACT_KIND].map((lead) => ({ lead, table: runtime.table(lead.table) }));
    const at = new Date();
    const maintainedReads = noReads();
    const maintained = await maintainedStats(counting(runtime.db, maintainedReads), kinds, CALENDAR, at);
    const maintainedMs = (await timedRuns(() => maintainedStats(runtime.db, kinds, CALENDAR, at))).ms;
    // What the maintained answer read per request before 0102, besides the arrival-day items.
    const oldReads = noReads();
    const oldRead = () =>
      Promise.all(
        kinds.flatMap(({ lead, table }) =>
          ["new", "lost"].map((status) =>
            counting(runtime.db, oldReads).send(
              new QueryCommand({
                TableName: table,
                IndexName: DESK_INDEX,
                KeyConditionExpression: "deskKey = :key AND createdAt >= :from",
                FilterExpression: "dueAt > :now",
                ExpressionAttributeValues: {
                  ":key": deskKey(lead, status),
                  ":from": earliestStillInside(CALENDAR, at).toISOString(),
                  ":now": at.toISOString(),
                },
                ProjectionExpression: "id, respondedAt",
              }),
            ),
          ),
        ),
      );
    await oldRead();
    const oldItems = oldReads.queried;
    const oldMs = (await timedRuns(oldRead)).ms;
    const oracle = await recountStats(runtime.db, kinds, CALENDAR, at);
    const same =
      maintained.open === oracle.open &&
      maintained.overdue === oracle.overdue &&
      maintained.withinPromiseShare === oracle.withinPromiseShare;
    const loadAfter = os.loadavg().map((value) => Math.round(value * 100) / 100);
    console.log(
      `figures ${JSON.stringify(maintained)}; recount ${JSON.stringify(oracle)}; load before ${loadBefore
        .map((value) => Math.round(value * 100) / 100)
        .join(" / ")}, after ${loadAfter.join(" / ")}`,
    );
    const figures = [
      info("signups in the table", count),
      info("seeding time", seedSeconds, "s"),
      below("dashboard response figures over HTTP: median", http.ms, "ms", 1000),
      info("maintained figures in-process: median", maintainedMs, "ms"),
      info("maintained figures: keys asked for (arrival and due days)", maintainedReads.keys),
      info("maintained figures: items those keys found", maintainedReads.found),
      info("maintained figures: status counter items queried (open leads)", maintainedReads.queried),
      info("maintained figures: calls", maintainedReads.calls),
      info("before 0102: byDesk items read for the leads inside their promise", oldItems),
      info("before 0102: that read in-process: median", oldMs, "ms"),
      holds("maintained figures equal the recount from the records", same),
    ];
    console.log(figuresTable(figures).join("\n"));
    return { figures, details: { http: http.last, maintained, oracle, loadBefore, loadAfter } };
  } finally {
    await runtime.stop();
  }
}
