/**
 * The lead desk's listings (functions/leads/lead-query.ts) on dynalite, against a brute-force
 * filter of the same records: every combination of status, owner (anyone, nobody, a name), most
 * urgent first, a Sources report row (channel, source, campaign) and period, search and a facet
 * lists exactly the matching records in the right order, page by page through the cursor, with the
 * exact count.
 */
import {
  type DynamoDBDocumentClient,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadSource } from "../../events/lead-source";
import type { Signup } from "../../events/signup";
import { arrivedBetween, type DeskFilter } from "../../functions/leads/desk-filter";
import { decodeCursor } from "../../functions/leads/lead-cursor";
import { changeLead } from "../../functions/leads/lead-desk";
import { LeadQueries } from "../../functions/leads/lead-query";
import {
  indexedWrite,
  OWNER_INDEX_READY_ID,
  searchAttributes,
  searchKey,
} from "../../functions/model/lead-index";
import { SIGNUP_KIND } from "../../functions/model/lead-kinds";
import { UNCOUNTED } from "../../functions/model/quarantine";
import { SOURCE_CLAIM } from "../../functions/model/source-figures";
import { OWNER_INDEX } from "../../functions/model/tables";
import { signupItems } from "../../functions/pipeline/signup-repository";
import { startDynalite, type TestDynamo } from "../support/dynamo";
import { sourceClaimOf } from "../support/lead-source";

const FIRST = ["Maria", "Mark", "Wei", "Chen", "Ana"];
const LAST = ["Chen", "Smith", "Martin"];
const STATUSES = ["new", "won", "lost"] as const;
const OWNERS = [undefined, "ana", "ben"];
/** The stored sources, in turn: none (the report's Unassigned), two campaigns of one source (in two spellings), another source, a referrer. */
const SOURCES: (LeadSource | undefined)[] = [
  undefined,
  { channel: "paid-search", utmSource: "Google", utmMedium: "cpc", utmCampaign: "spring" },
  { channel: "paid-search", utmSource: "google", utmMedium: "cpc", utmCampaign: "brand" },
  { channel: "paid-search", utmSource: "bing", utmMedium: "cpc", utmCampaign: "spring" },
  { channel: "organic-search", referrerOrigin: "https://www.google.com" },
];
/** The period of the filters that have one: team days, both included. */
const PERIOD = { from: "2026-10-05", to: "2026-10-12" };
const ARRIVED = arrivedBetween(PERIOD.from, PERIOD.to);

let dynamo: TestDynamo;
const signups: Signup[] = [];

beforeAll(async () => {
  dynamo = await startDynalite();
  const table = dynamo.tables.signups;
  const deskDeps = {
    db: dynamo.db,
    tables: { records: table, audit: dynamo.tables.audit },
    clock: () => new Date("2026-11-23T12:00:00.000Z"),
  };
  for (let n = 0; n < 45; n++) {
    const owner = OWNERS[n % OWNERS.length];
    const signup: Signup = {
      id: `lead-${String(n).padStart(2, "0")}`,
      firstName: FIRST[n % FIRST.length] as string,
      lastName: LAST[n % LAST.length] as string,
      email: `person${n}@${n % 2 ? "acme.com" : "mail.org"}`,
      teamSize: n % 4 < 2 ? "solo" : "team",
      productLines: "single",
      // Some share an arrival time: the order is then by id. Every fifth pair arrives at 23:30 the
      // evening before in the team's zone (04:30 UTC): a period's edges are the team's midnights.
      createdAt: new Date(
        Math.floor(n / 2) % 5 === 4
          ? Date.UTC(2026, 9, 1 + Math.floor(n / 2), 4, 30)
          : Date.UTC(2026, 9, 1 + Math.floor(n / 2), 15),
      ).toISOString(),
      status: STATUSES[n % STATUSES.length],
      ...(SOURCES[n % SOURCES.length] ? { source: SOURCES[n % SOURCES.length] } : {}),
      ...(owner ? { owner } : {}),
      dueAt: new Date(Date.UTC(2026, 9, 2 + Math.floor(n / 2), 15)).toISOString(),
    };
    // Some are Spam, as the product makes a Spam lead (docs/decisions/0150): one nobody owns held
    // at arrival (no clock, out of the totals from the start: functions/pipeline/submissions.ts),
    // an owned one moved to Spam by the desk (its counts moved with it: functions/leads/lead-desk.ts).
    const spam = n % 11 === 10;
    const held = spam && !owner;
    const { dueAt: _, ...unclocked } = signup;
    const stored: Signup = held ? { ...unclocked, status: "spam", quarantine: "held" } : signup;
    const record = held ? { ...stored, [UNCOUNTED]: true } : stored;
    const indexed = indexedWrite(table, SIGNUP_KIND, record);
    await dynamo.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table,
              Item: {
                ...signupItems.toItem(stored),
                ...(held ? { [UNCOUNTED]: true } : {}),
                ...indexed.attributes,
                [SOURCE_CLAIM]: sourceClaimOf(stored),
              },
            },
          },
          ...indexed.actions,
        ],
      }),
    );
    if (spam && !held) {
      const moved = await changeLead(deskDeps, SIGNUP_KIND, stored.id, { status: "spam" }, "ana");
      expect(moved.outcome).toBe("updated");
    }
    signups.push(spam ? { ...stored, status: "spam" } : stored);
  }
});

afterAll(async () => {
  await dynamo?.close();
});

/** What the listing must answer, computed from the records themselves. */
function expected(desk: DeskFilter, q: string, teamSize: string | undefined): string[] {
  const status = desk.urgency ? "new" : desk.status;
  const matching = signups.filter((signup) => {
    const search = Object.values(searchAttributes(signup));
    if (q && !search.some((value) => value.startsWith(searchKey(q).replace(/^@/, "")))) return false;
    if (teamSize && signup.teamSize !== teamSize) return false;
    if (status && signup.status !== status) return false;
    // Spam is on the Spam list only: in no other list, an owner's or a search (docs/decisions/0150).
    if (!status && signup.status === "spam") return false;
    if (desk.owner === null && signup.owner !== undefined) return false;
    if (typeof desk.owner === "string" && signup.owner !== desk.owner) return false;
    if (desk.channel) {
      const row = reportRow(signup);
      if (!row || row.channel !== desk.channel) return false;
      if (desk.source !== undefined && row.source !== desk.source) return false;
      if (desk.campaign !== undefined && row.campaign !== desk.campaign) return false;
    }
    const day = teamDay(signup.createdAt);
    if (desk.arrived && (day < PERIOD.from || day > PERIOD.to)) return false;
    return true;
  });
  const order = (a: Signup, b: Signup) =>
    a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt.localeCompare(b.createdAt);
  return matching.sort((a, b) => (desk.urgency ? order(a, b) : order(b, a))).map((signup) => signup.id);
}

/** The team's day of an instant, computed here apart from the code under test (US Central time). */
const teamDay = (iso: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago", dateStyle: "short" }).format(new Date(iso));

/** The Sources report's row of a signup, as the report names it (docs/decisions/0145); none for Spam. */
function reportRow(signup: Signup): { channel: string; source: string; campaign: string } | undefined {
  if (signup.status === "spam") return undefined;
  const source = signup.source;
  if (!source) return { channel: "unassigned", source: "(none)", campaign: "(none)" };
  return {
    channel: source.channel,
    source:
      source.utmSource?.toLowerCase() ??
      (source.referrerOrigin ? new URL(source.referrerOrigin).hostname.replace(/^www\./, "") : "(none)"),
    campaign: source.utmCampaign ?? "(none)",
  };
}

const DESKS: DeskFilter[] = [
  // No desk filter: the lists and a search without one (every status but Spam).
  {},
  { status: "new" },
  { status: "won" },
  { owner: "ana" },
  { owner: null },
  { status: "lost", owner: "ben" },
  { status: "new", owner: null },
  { urgency: true },
  { urgency: true, owner: "ana" },
  // The Spam list, and Spam nobody owns (docs/decisions/0150).
  { status: "spam" },
  { status: "spam", owner: null },
  // The Sources report's rows and period (docs/decisions/0143-channel-filter.md).
  { channel: "paid-search" },
  { channel: "paid-search", source: "google" },
  { channel: "paid-search", source: "google", campaign: "spring" },
  { channel: "unassigned" },
  { arrived: ARRIVED },
  { channel: "organic-search", source: "google.com", arrived: ARRIVED },
  { status: "won", channel: "paid-search", source: "bing", campaign: "spring", arrived: ARRIVED },
  { owner: "ana", channel: "paid-search", arrived: ARRIVED },
  { urgency: true, arrived: ARRIVED },
];

/** Every desk combination, page by page, against the brute-force answer; the indexes it queried. */
async function listsExactly(tuning: {
  deskCandidateCap: number;
  smallPartition: number;
}): Promise<Set<string>> {
  const indexes = new Set<string>();
  // The client the listing reads with, noting which indexes it queries.
  const db = {
    send: (command: unknown) => {
      if (command instanceof QueryCommand && command.input.IndexName) indexes.add(command.input.IndexName);
      return dynamo.db.send(command as never);
    },
  } as unknown as DynamoDBDocumentClient;
  const queries = new LeadQueries(db, dynamo.tables.signups, SIGNUP_KIND, (item) => item as Signup, tuning);
  for (const desk of DESKS)
    for (const q of ["", "ma", "chen", "acme.com"])
      for (const teamSize of [undefined, "solo"]) {
        const label = JSON.stringify({ desk, q, teamSize });
        const listed: string[] = [];
        let cursor: string | undefined;
        let matched: number | undefined;
        do {
          const page = await queries.list({
            desk,
            q,
            facets: teamSize ? { teamSize } : {},
            limit: 4,
            ...(cursor ? { cursor: decodeCursor(cursor) } : {}),
          });
          listed.push(...page.records.map((record) => record.id));
          matched ??= page.matched;
          expect(page.matchedAtLeast, label).toBeUndefined();
          cursor = page.nextCursor;
        } while (cursor);
        const want = expected(desk, q, teamSize);
        expect(listed, label).toEqual(want);
        expect(matched, label).toBe(want.length);
      }
  return indexes;
}

// Each path a desk listing with a search can take: the search's candidates judged by id, the
// index read with the search as a filter (no candidate is read by id), a small status partition.
const TUNINGS = [
  ["candidates read by id", { deskCandidateCap: 1_000, smallPartition: 0 }],
  ["the index filtered", { deskCandidateCap: 0, smallPartition: 0 }],
  ["a small status partition filtered", { deskCandidateCap: 1_000, smallPartition: 5_000 }],
] as const;

// In this order: before the desk backfill has marked the byOwner index complete, then after.
describe("lead desk listings before the byOwner index is complete", () => {
  it.each(TUNINGS)(
    "list exactly the matching records, in order, page by page, with exact counts: %s",
    async (_, tuning) => {
      expect(await listsExactly(tuning)).not.toContain(OWNER_INDEX);
    },
  );
});

describe("lead desk listings from the byOwner index (docs/decisions/0088)", () => {
  beforeAll(async () => {
    await dynamo.db.send(
      new PutCommand({ TableName: dynamo.tables.signups, Item: { id: OWNER_INDEX_READY_ID } }),
    );
  });

  it.each(TUNINGS)(
    "list exactly the matching records, in order, page by page, with exact counts: %s",
    async (_, tuning) => {
      expect(await listsExactly(tuning)).toContain(OWNER_INDEX);
    },
  );
});
