/**
 * The admin bench's seeded signups (./admin.ts, ./admin-figures.ts): deterministic names, addresses
 * and arrival times over the last year, their lead-desk fields, and how they are written.
 */
import { fileURLToPath } from "node:url";
import { BatchWriteCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { Signup } from "../../events";
import type { LeadSource } from "../../events/lead-source";
import { figuresReady } from "../../functions/leads/desk-stats";
import { recountFigures } from "../../functions/leads/figures-recount";
import { recountSources } from "../../functions/leads/sources-recount";
import { counterItemsFor, deskAttributes, searchAttributes } from "../../functions/model/lead-index";
import { CONTACT_KIND, SIGNUP_KIND } from "../../functions/model/lead-kinds";
import { PROMISE_CLAIM, promiseItemsFor } from "../../functions/model/promise-figures";
import { type BusinessCalendar, businessCalendar, replyDueAt } from "../../functions/model/response-clock";
import { FIGURES_CLAIM, FIGURES_READY_ID, figuresItemsFor } from "../../functions/model/response-figures";
import { SOURCE_CLAIM, SOURCES_READY_ID, sourceItemsFor } from "../../functions/model/source-figures";
import { signupItems } from "../../functions/pipeline/signup-repository";
import { postJson } from "../support/post-json";
import { type RuntimeProcess, startRuntime } from "../support/runtime";

/** The bench's admin username: one of the owners the seeded leads are spread over. */
export const BENCH_ADMIN = "bench-admin";
const BENCH_ADMIN_LOGIN = { username: BENCH_ADMIN, password: "benchmark password 1234" } as const;

/** The local runtime the admin benches time: the bench's admin, the built site, warnings only. */
export function startAdminBenchRuntime(): Promise<RuntimeProcess> {
  return startRuntime({
    env: {
      ADMIN_USERNAME: BENCH_ADMIN_LOGIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN_LOGIN.password,
      WEB_DIST_DIR: fileURLToPath(new URL("../../web/dist", import.meta.url)),
      LOG_LEVEL: "warn",
    },
  });
}

/** The bench admin's session cookie ("name=value"); throws unless the sign-in succeeds. */
export async function benchAdminCookie(runtime: RuntimeProcess): Promise<string> {
  const login = await postJson(`${runtime.url}/api/auth/login`, BENCH_ADMIN_LOGIN);
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  return (login.headers.getSetCookie()[0] ?? "").split(";")[0] as string;
}
const FIRST = [
  "Maria",
  "James",
  "Wei",
  "Aisha",
  "Carlos",
  "Olga",
  "Noah",
  "Priya",
  "Liam",
  "Sofia",
  "Kenji",
  "Fatima",
  "Lucas",
  "Emma",
  "Mateo",
  "Zoë",
  "Ivan",
  "Amara",
  "Hugo",
  "Yuki",
];
const LAST = [
  "Smith",
  "García",
  "Chen",
  "Khan",
  "Müller",
  "Rossi",
  "Novak",
  "Okafor",
  "Dubois",
  "Tanaka",
  "Silva",
  "Kowalski",
  "Nguyen",
  "Johansson",
  "Haddad",
  "Brown",
  "Martin",
  "Lee",
  "Patel",
  "Ivanova",
];
const DOMAINS = [
  "gmail.com",
  "outlook.com",
  "acme-reps.com",
  "northwind.io",
  "example.org",
  "salesco.net",
  "yahoo.com",
  "repgroup.us",
];
const DAY_MS = 86_400_000;

function pick<T>(list: readonly T[], n: number): T {
  return list[n % list.length] as T;
}

/** Deterministic pseudo-random data (mulberry32), so runs are comparable. */
export function makeSignups(count: number, now: number): Signup[] {
  let state = 42;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
  return Array.from({ length: count }, (_, i) => {
    const first = pick(FIRST, next());
    const last = pick(LAST, next());
    // Spread over the last year (a 32-bit draw modulo 365 days covered only its last 50 days).
    const createdAt = new Date(now - Math.floor((next() / 2 ** 32) * 365 * DAY_MS)).toISOString();
    return {
      id: `bench-${i.toString().padStart(6, "0")}-${next().toString(36)}`,
      firstName: first,
      lastName: last,
      email: `${first.toLowerCase()}.${last.toLowerCase()}${i}@${pick(DOMAINS, next())}`,
      teamSize: next() % 2 === 0 ? "solo" : "team",
      productLines: next() % 3 === 0 ? "multiple" : "single",
      ...(next() % 2 === 0
        ? {
            notes: "Interested in commission tracking for ".concat(
              "several principals. ".repeat(next() % 20),
            ),
          }
        : {}),
      createdAt,
      ipAddress: `198.51.100.${i % 250}`,
      country: "United States",
      countryCode: "US",
    } satisfies Signup;
  });
}

const STAFF = [BENCH_ADMIN, "ana", "ben", "chloe"];
const DESK_STATUSES = ["contacted", "qualified", "trial", "won", "lost", "spam"] as const;

/**
 * The lead desk's fields for the seeded signups, from their own deterministic generator (so the
 * signups themselves stay as before): most leads worked and closed, leads of the last two days and
 * 3% of the older ones still New (open, mostly overdue), owners spread over four staff and nobody.
 */
export function withDesk(signups: Signup[], now: number): Signup[] {
  let state = 7;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    return state >>> 8;
  };
  const calendar = businessCalendar();
  return signups.map((signup) => {
    const created = Date.parse(signup.createdAt);
    const roll = next() % 100;
    const open = now - created < 2 * DAY_MS || roll < 3;
    const status = open
      ? "new"
      : (DESK_STATUSES[roll % DESK_STATUSES.length] as (typeof DESK_STATUSES)[number]);
    const owner = open && next() % 2 === 0 ? undefined : STAFF[next() % (STAFF.length + 1)];
    const answered = status !== "new" && status !== "lost" && status !== "spam";
    return {
      ...signup,
      status,
      ...(owner ? { owner } : {}),
      ...(status === "lost" ? { lostReason: "No budget" } : {}),
      dueAt: new Date(replyDueAt(calendar, created)).toISOString(),
      ...(answered ? { respondedAt: new Date(created + (next() % (48 * 3_600_000))).toISOString() } : {}),
    };
  });
}

/** Campaign names of a kind: `count` of them, e.g. "search-brand-017". */
const campaigns = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(3, "0")}`);
/** Paid search campaigns: the first the most common, the last the rarest (`tail` in withSources). */
export const SEARCH_CAMPAIGNS = campaigns("search", 120);
const SOCIAL_CAMPAIGNS = campaigns("social", 80);
const EMAIL_CAMPAIGNS = campaigns("digest", 150);
const PARTNERS = Array.from({ length: 30 }, (_, i) => `https://partner${i}.example.com`);
const AFFILIATES = campaigns("affiliate", 40);

/**
 * A seeded lead's source, deterministic: about a quarter direct and a quarter organic search, paid
 * search, social and e-mail over 350 campaigns (a few popular, a long tail: index = count × r²),
 * referrals from 30 sites, 40 affiliates, and 5% stored before the capture (no source).
 */
export function withSources(signups: Signup[]): (Signup & { source?: LeadSource })[] {
  let state = 11;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    return (state >>> 8) / 2 ** 24;
  };
  const tail = <T>(list: readonly T[]) => list[Math.floor(list.length * next() ** 2)] as T;
  return signups.map((signup) => {
    const roll = next();
    const source: LeadSource | undefined =
      roll < 0.05
        ? undefined
        : roll < 0.3
          ? { channel: "direct", landingPath: "/" }
          : roll < 0.55
            ? {
                channel: "organic-search",
                referrerOrigin: next() < 0.85 ? "https://www.google.com" : "https://www.bing.com",
              }
            : roll < 0.7
              ? {
                  channel: "paid-search",
                  utmSource: next() < 0.8 ? "google" : "bing",
                  utmMedium: "cpc",
                  utmCampaign: tail(SEARCH_CAMPAIGNS),
                }
              : roll < 0.78
                ? {
                    channel: "paid-social",
                    utmSource: next() < 0.6 ? "linkedin" : "facebook",
                    utmMedium: "paid_social",
                    utmCampaign: tail(SOCIAL_CAMPAIGNS),
                  }
                : roll < 0.88
                  ? {
                      channel: "email",
                      utmSource: "newsletter",
                      utmMedium: "email",
                      utmCampaign: tail(EMAIL_CAMPAIGNS),
                    }
                  : roll < 0.96
                    ? { channel: "referral", referrerOrigin: tail(PARTNERS) }
                    : { channel: "affiliates", utmSource: tail(AFFILIATES), utmMedium: "affiliate" };
    return source ? { ...signup, source } : signup;
  });
}

export async function batchWriteAll(
  db: DynamoDBDocumentClient,
  table: string,
  items: Record<string, unknown>[],
  parallel = 8,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) {
        const start = next;
        next += 25;
        let requests: { PutRequest: { Item: Record<string, unknown> } }[] | undefined = items
          .slice(start, start + 25)
          .map((Item) => ({ PutRequest: { Item } }));
        while (requests && requests.length > 0) {
          const answer = await db.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
          requests = answer.UnprocessedItems?.[table] as typeof requests;
        }
      }
    }),
  );
}

/**
 * Writes the signups with BatchWrite as the public form and the desk would have left them: the
 * records with their search and desk attributes, the counters, and the response figures as the
 * writers keep them (docs/decisions/0090, 0102): each record's claims, the arrival-day and due-day
 * items, and the recount's marker, so the dashboard reads the maintained figures.
 */
export async function seedSignupStore(
  db: DynamoDBDocumentClient,
  table: string,
  signups: readonly Signup[],
  calendar: BusinessCalendar,
): Promise<void> {
  const records = signups.map((signup) => ({
    ...signupItems.toItem(signup),
    ...searchAttributes(signup),
    ...deskAttributes(SIGNUP_KIND, signup),
  }));
  const figured = figuresItemsFor(SIGNUP_KIND, records, calendar);
  const promised = promiseItemsFor(SIGNUP_KIND, records);
  const sourced = sourceItemsFor(SIGNUP_KIND, records, calendar);
  const items = records.map((record, i) => ({
    ...record,
    [FIGURES_CLAIM]: figured.claims[i],
    [PROMISE_CLAIM]: promised.claims[i],
    [SOURCE_CLAIM]: sourced.claims[i],
  }));
  await batchWriteAll(db, table, [
    ...items,
    ...counterItemsFor(SIGNUP_KIND, items),
    ...figured.items,
    ...promised.items,
    ...sourced.items,
    { id: FIGURES_READY_ID, at: new Date().toISOString(), since: "seeded" },
    { id: SOURCES_READY_ID, at: new Date().toISOString() },
  ]);
}

/**
 * The contact table holds no seeded lead, so its figures are complete as it is: the recount that
 * ops run after a deploy (docs/DEPLOY.md) reads its empty window and marks it. Until both lead
 * tables are marked, the dashboard answers from a recount of the records instead of the maintained
 * figures (functions/leads/desk-stats.ts `deskStats`), so a bench that left it unmarked would time
 * the recount. Throws unless both tables read as marked afterwards.
 */
export async function markContactsCounted(
  db: DynamoDBDocumentClient,
  tables: { readonly signups: string; readonly contacts: string },
  calendar: BusinessCalendar,
): Promise<void> {
  await recountFigures({
    db,
    kinds: [{ lead: CONTACT_KIND, table: tables.contacts }],
    calendar,
    clock: () => new Date(),
  });
  // The Sources report's marker likewise (functions/leads/sources-recount.ts).
  await recountSources({
    db,
    kinds: [{ lead: CONTACT_KIND, table: tables.contacts }],
    calendar,
    clock: () => new Date(),
  });
  const marked = await Promise.all([figuresReady(db, tables.signups), figuresReady(db, tables.contacts)]);
  if (!marked.every(Boolean)) throw new Error("the lead tables are not both marked as counted");
}
