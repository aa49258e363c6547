/**
 * The desk's one decider (docs/decisions/0129), over random desks and changes
 * (test/support/desk-arbitraries.ts): a decision is consistent with itself, deciding again after it
 * changes nothing, a change to what the lead already is records nothing, and the part of a change
 * the web sends (`needed`) decides exactly as the whole. The stored side and the web's preview are
 * compared in test/integration/desk-decide.test.ts.
 */
import fc from "fast-check";
import { describe, expect, expectTypeOf, it } from "vitest";
import { deskChange, deskRuns, deskState } from "../test/support/desk-arbitraries";
import type { DeskChange, DeskState, DeskUpdateRequest } from "./desk";
import { DESK_ATTRIBUTES, decideDesk, deskStateOf, deskStatus, isNoChange, withDesk } from "./desk-decide";

const context = { actor: "ann", at: "2026-11-18T15:00:00.000Z" };
const later = { actor: "bo", at: "2026-11-18T16:00:00.000Z" };
const RUNS = deskRuns(2000);
const types = (decision: { entries: readonly { entry: { type: string } }[] }) =>
  decision.entries.map(({ entry }) => entry.type);

describe("decideDesk", () => {
  it("takes the update request's change as it is", () => {
    expectTypeOf<Omit<DeskUpdateRequest, "kind" | "ids">>().toExtend<DeskChange>();
  });

  it("after a change, the same change again changes nothing: only another reply is recorded", () => {
    fc.assert(
      fc.property(deskState(), deskChange, (before, change) => {
        const again = decideDesk(decideDesk(before, change, context).after, change, later);
        expect(again.changed).toEqual([]);
        expect(types(again)).toEqual(change.reply ? ["reply"] : []);
        expect(again.events.map((event) => event.type)).toEqual(change.reply ? ["lead.replied"] : []);
      }),
      RUNS,
    );
  });

  it("an empty change, or one asking for what the lead already is, records nothing", () => {
    fc.assert(
      fc.property(deskState(), (before) => {
        expect(isNoChange(decideDesk(before, {}, context))).toBe(true);
        if (before.status === undefined) return;
        const same: DeskChange = {
          status: before.status as DeskChange["status"],
          lostReason: before.lostReason,
          owner: before.owner ?? null,
        };
        const decision = decideDesk(before, same, context);
        expect(decision.entries).toEqual([]);
        expect(decision.events).toEqual([]);
        // The one thing it may do: stop the clock of an answered status that has none yet.
        expect(decision.changed.filter((name) => name !== "respondedAt")).toEqual([]);
      }),
      RUNS,
    );
  });

  it("decides on the part of the change it says is needed exactly as on the whole", () => {
    fc.assert(
      fc.property(deskState(), deskChange, (before, change) => {
        const decision = decideDesk(before, change, context);
        expect(decideDesk(before, decision.needed, context)).toEqual(decision);
      }),
      RUNS,
    );
  });

  it("lists what it changes, records each on the timeline and publishes what moved", () => {
    fc.assert(
      fc.property(deskState(), deskChange, (before, change) => {
        const { after, changed, entries, events } = decideDesk(before, change, context);
        expect(changed).toEqual(DESK_ATTRIBUTES.filter((name) => before[name] !== after[name]));
        const statusMoved = changed.includes("status") || changed.includes("lostReason");
        expect(types({ entries })).toEqual([
          ...(change.reply ? ["reply"] : []),
          ...(statusMoved ? ["status"] : []),
          ...(changed.includes("owner") ? ["owner"] : []),
        ]);
        const slot: Record<string, number> = { reply: 0, status: change.reply ? 1 : 0 };
        slot.owner = (slot.status ?? 0) + 1;
        expect(entries.map(({ order }) => order)).toEqual(entries.map(({ entry }) => slot[entry.type]));
        expect(entries.every(({ entry }) => entry.at === context.at && entry.actor === context.actor)).toBe(
          true,
        );
        expect(events.map((event) => event.type)).toEqual([
          ...(deskStatus(before) !== deskStatus(after) ? ["lead.status_changed"] : []),
          ...(changed.includes("owner") ? ["lead.owner_changed"] : []),
          ...(change.reply ? ["lead.replied"] : []),
        ]);
        // Lost, and only Lost, has a reason; a stopped clock stays stopped at its time.
        expect(after.lostReason !== undefined).toBe(after.status === "lost");
        if (before.respondedAt) expect(after.respondedAt).toBe(before.respondedAt);
      }),
      RUNS,
    );
  });

  it("changes nothing on a linked submission, and on a lead gone records only the reply", () => {
    fc.assert(
      fc.property(deskState({ linked: true }), deskChange, (before, change) => {
        fc.pre(before.status === "linked");
        const decision = decideDesk(before, change, context);
        expect(decision.after).toEqual(before);
        expect(decision.changed).toEqual([]);
        const gone = decideDesk(undefined, change, context);
        expect(types(gone)).toEqual(change.reply ? ["reply"] : []);
      }),
      deskRuns(300),
    );
  });

  it("moves New to Contacted with a reply and stops the clock; an explicit status wins", () => {
    const reply = { to: "pat@example.com", subject: "Hi", text: "Hello" };
    expect(decideDesk({ status: "new" }, { reply }, context).after).toEqual({
      status: "contacted",
      respondedAt: context.at,
    });
    expect(decideDesk({ status: "new" }, { reply, status: "trial" }, context).after.status).toBe("trial");
    expect(decideDesk({ status: "qualified" }, { reply }, context).after).toEqual({
      status: "qualified",
      respondedAt: context.at,
    });
  });
});

describe("deskStateOf and withDesk", () => {
  it("read a stored record's desk, and give it back on any lead with its other fields kept", () => {
    fc.assert(
      fc.property(deskState(), deskState(), (before, state: DeskState) => {
        const lead = { id: "s-1", email: "pat@example.com", dueAt: "2026-11-19T15:00:00.000Z", ...before };
        const shown = withDesk(lead, state);
        expect(deskStateOf(shown)).toEqual(state);
        expect(shown).toMatchObject({ id: "s-1", email: "pat@example.com", dueAt: lead.dueAt });
      }),
      RUNS,
    );
  });

  it("reads what it does not know as no desk: a record from before the desk is New", () => {
    expect(deskStateOf({ status: "archived", owner: 7, respondedAt: "2026-11-18T15:00:00.000Z" })).toEqual({
      respondedAt: "2026-11-18T15:00:00.000Z",
    });
    expect(deskStatus(deskStateOf({}))).toBe("new");
  });
});
