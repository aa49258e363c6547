import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { teamDayOf } from "../../events/team-time";
import { SIGNUP_KIND } from "./lead-kinds";
import { businessCalendar } from "./response-clock";
import {
  addSourceItem,
  claimPrefix,
  reachedOf,
  reportStep,
  rowHash,
  sourceClaim,
  sourceItemsFor,
  sourceMoves,
  sourceRowOf,
} from "./source-figures";

const calendar = businessCalendar();
const base = {
  id: "lead-1",
  createdAt: "2026-11-18T15:00:00.000Z",
  dueAt: "2026-11-19T15:00:00.000Z",
  status: "new",
};

describe("a lead's row", () => {
  it("is unassigned with (none) without a stored source", () => {
    expect(sourceRowOf(base)).toEqual({ channel: "unassigned", source: "(none)", campaign: "(none)" });
    expect(sourceRowOf({ ...base, source: { channel: "nonsense" } })).toMatchObject({
      channel: "unassigned",
    });
  });

  it("takes utm_source (lower case), else the referrer's host, and the campaign", () => {
    const source = { channel: "paid-search", utmSource: " Google ", utmCampaign: "Spring\tSale" };
    expect(sourceRowOf({ ...base, source })).toEqual({
      channel: "paid-search",
      source: "google",
      campaign: "Spring Sale",
    });
    expect(
      sourceRowOf({ ...base, source: { channel: "referral", referrerOrigin: "https://www.example.org" } }),
    ).toEqual({ channel: "referral", source: "example.org", campaign: "(none)" });
  });
});

describe("the claim", () => {
  it("counts nothing for Spam and linked submissions", () => {
    expect(sourceClaim({ ...base, status: "spam" }, calendar)).toBe("-");
    expect(sourceClaim({ ...base, status: "linked" }, calendar)).toBe("-");
  });

  it("names the row first, then the team's day, then answer and reached statuses", () => {
    const claim = sourceClaim(
      { ...base, status: "won", reached: "qualified", respondedAt: "2026-11-18T17:00:00.000Z" },
      calendar,
    );
    expect(claim).toBe("unassigned\t(none)\t(none)\t2026-11-18\tn,w120,q,v");
    expect(claim.startsWith(claimPrefix({ channel: "unassigned", source: "(none)" }))).toBe(true);
    expect(sourceClaim(base, calendar)).toBe(
      `unassigned\t(none)\t(none)\t2026-11-18\tn,u${Date.parse(base.dueAt)}`,
    );
  });

  it("uses the team's day: late evening in Chicago is the day before in UTC terms", () => {
    expect(teamDayOf("2026-11-19T03:00:00.000Z")).toBe("2026-11-18");
  });

  it("keeps a reached status after the status moves on", () => {
    expect(reachedOf({ status: "lost", reached: "qualified won" })).toEqual(["qualified", "won"]);
  });
});

describe("report steps", () => {
  it("group the minute buckets into the 0.1 h steps shown, then hours and days", () => {
    expect(reportStep(0)).toBe(0);
    expect(reportStep(2 * 60_000 + 59_999)).toBe(0);
    expect(reportStep(3 * 60_000)).toBe(6);
    expect(reportStep(47 * 3_600_000)).toBe(47 * 60);
    expect(reportStep(50 * 3_600_000 + 10 * 60_000)).toBe(50 * 60);
    expect(reportStep(20 * 86_400_000)).toBe(20 * 1440);
  });
});

const STATUSES = ["new", "contacted", "qualified", "trial", "won", "lost", "spam", "linked"];
const recordArb = fc.record({
  status: fc.constantFrom(...STATUSES),
  channel: fc.option(fc.constantFrom("direct", "email", "paid-search"), { nil: undefined }),
  campaign: fc.option(fc.constantFrom("a", "b", "=cmd"), { nil: undefined }),
  createdHours: fc.integer({ min: 0, max: 24 * 90 }),
  replyHours: fc.option(fc.integer({ min: 0, max: 24 * 20 }), { nil: undefined }),
  reached: fc.subarray(["qualified", "trial", "won"]),
});

type RecordDraft = typeof recordArb extends fc.Arbitrary<infer T> ? T : never;

function recordOf(id: number, r: RecordDraft) {
  const created = Date.parse("2026-06-01T00:00:00Z") + r.createdHours * 3_600_000;
  return {
    id: `lead-${id}`,
    createdAt: new Date(created).toISOString(),
    dueAt: new Date(created + 24 * 3_600_000).toISOString(),
    status: r.status,
    ...(r.reached.length ? { reached: r.reached.join(" ") } : {}),
    ...(r.channel ? { source: { channel: r.channel, utmCampaign: r.campaign } } : {}),
    ...(r.replyHours === undefined
      ? {}
      : { respondedAt: new Date(created + r.replyHours * 3_600_000).toISOString() }),
  };
}

describe("moves", () => {
  it("leave the items equal to the records' own counts, whatever the changes", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(7), recordArb), { minLength: 1, maxLength: 40 }), (changes) => {
        const stored = new Map<number, { record: Record<string, unknown>; claim: string }>();
        const items = new Map<string, Record<string, number>>();
        for (const [slot, change] of changes) {
          const before = stored.get(slot);
          // A change, or (status "linked" read as a delete) the record leaving.
          const remove = change.status === "linked" && before !== undefined;
          const record = recordOf(slot, change);
          const claim = remove ? undefined : sourceClaim(record, calendar);
          for (const [key, move] of sourceMoves(before?.claim, claim)) {
            const item = items.get(key) ?? {};
            for (const [name, by] of Object.entries(move.add)) item[name] = (item[name] ?? 0) + by;
            items.set(key, item);
          }
          if (remove || claim === undefined) stored.delete(slot);
          else stored.set(slot, { record, claim });
        }
        const expected = new Map<string, Record<string, number>>();
        for (const item of sourceItemsFor(
          SIGNUP_KIND,
          [...stored.values()].map((s) => s.record),
          calendar,
        ).items) {
          // "#sources#<kind>#<granule>#<hash>[#<shard>]": the shards of a row's item summed.
          const key = String(item.id).split("#").slice(3, 5).join("#");
          const counts = expected.get(key) ?? {};
          for (const [name, value] of Object.entries(item))
            if (typeof value === "number") counts[name] = (counts[name] ?? 0) + value;
          expected.set(key, counts);
        }
        const nonZero = (map: Map<string, Record<string, number>>) =>
          Object.fromEntries(
            [...map]
              .map(([granule, counts]) => [
                granule,
                Object.fromEntries(Object.entries(counts).filter(([, value]) => value !== 0)),
              ])
              .filter(([, counts]) => Object.keys(counts as object).length > 0),
          );
        expect(nonZero(items)).toEqual(nonZero(expected));
      }),
    );
  });

  it("are read back per row, with unanswered leads inside their promise apart", () => {
    const record = { ...base, source: { channel: "email", utmSource: "newsletter" } };
    const { items } = sourceItemsFor(SIGNUP_KIND, [record], calendar);
    const day = items.find((item) => String(item.id).includes("#d"));
    const rows = new Map();
    addSourceItem(rows, day as Record<string, unknown>, true, Date.parse(base.dueAt) - 1);
    const hash = rowHash({ channel: "email", source: "newsletter", campaign: "(none)" });
    expect(rows.get(hash)).toMatchObject({ text: "email\tnewsletter\t(none)", n: 1, u: 1, inside: 1 });
  });
});
