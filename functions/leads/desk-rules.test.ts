import { describe, expect, it } from "vitest";
import type { DeskChange } from "../../events/desk";
import { SIGNUP_KIND } from "../model/lead-kinds";
import { decideDeskChange, statusOf } from "./desk-rules";

const now = new Date("2026-11-18T15:00:00.000Z");
const at = now.toISOString();
const actor = "ann";
const lead = { id: "s-1", createdAt: "2026-11-17T15:00:00.000Z", status: "new" };
const decide = (item: Record<string, unknown>, change: DeskChange) =>
  decideDeskChange(SIGNUP_KIND, item, change, { actor, now });
const types = (item: Record<string, unknown>, change: DeskChange) =>
  decide(item, change)?.entries.map(({ entry, order }) => `${order} ${entry.type}`);

describe("a status change", () => {
  it("moves the status and its count, stops the clock at the first answered status, and says so", () => {
    expect(decide(lead, { status: "contacted" })).toMatchObject({
      set: {
        status: "contacted",
        deskKey: "signup#contacted",
        ownerKey: "signup#contacted#",
        respondedAt: now.toISOString(),
      },
      remove: ["ownerCount"],
      counters: { s_new: -1, s_contacted: 1 },
      entries: [{ entry: { type: "status", at, actor, status: "contacted" }, order: 0 }],
      events: [{ type: "lead.status_changed", data: { from: "new", to: "contacted", actor, at } }],
    });
  });

  it("leaves a stopped clock alone, and does not start one for an unanswered status", () => {
    const answered = { ...lead, status: "contacted", respondedAt: "2026-11-18T10:00:00.000Z" };
    expect(decide(answered, { status: "qualified" })?.set).not.toHaveProperty("respondedAt");
    expect(decide({ ...lead, status: "qualified" }, { status: "spam" })?.set).not.toHaveProperty(
      "respondedAt",
    );
  });

  it("keeps a Lost reason on the record and the entry; a new reason alone is a change; leaving Lost drops it", () => {
    const lost = decide(lead, { status: "lost", lostReason: "No budget" });
    expect(lost?.set).toMatchObject({ status: "lost", lostReason: "No budget" });
    expect(lost?.entries[0]?.entry).toMatchObject({ status: "lost", lostReason: "No budget" });
    const stored = { ...lead, status: "lost", lostReason: "No budget" };
    expect(types(stored, { status: "lost", lostReason: "Went elsewhere" })).toEqual(["0 status"]);
    expect(decide(stored, { status: "lost", lostReason: "Went elsewhere" })?.counters).toEqual({});
    expect(decide(stored, { status: "lost" })).toBeUndefined();
    expect(decide(stored, { status: "new" })?.remove).toContain("lostReason");
  });

  it("changes nothing when the lead already is as asked", () => {
    expect(decide(lead, { status: "new" })).toBeUndefined();
    expect(decide({ ...lead, owner: "bo", ownerCount: "o_new#bo" }, { owner: "bo" })).toBeUndefined();
  });

  it("gives a record from before the desk its New status with the change", () => {
    const old = { id: "s-0", createdAt: "2024-01-02T00:00:00.000Z" };
    expect(statusOf(old)).toBe("new");
    const decision = decide(old, { owner: "bo" });
    expect(decision?.counters).toEqual({ s_new: 1, "o_new#bo": 1 });
    expect(decision?.entries.map(({ entry }) => entry.type)).toEqual(["status", "owner"]);
  });
});

describe("an owner change", () => {
  it("names the owner and the counter it is counted in, and records who now owns it", () => {
    expect(decide(lead, { owner: "bo" })).toMatchObject({
      set: {
        status: "new",
        deskKey: "signup#new",
        owner: "bo",
        ownerKey: "signup#new#bo",
        ownerCount: "o_new#bo",
      },
      remove: [],
      counters: { "o_new#bo": 1 },
      entries: [{ entry: { type: "owner", at, actor, owner: "bo" }, order: 1 }],
      events: [{ type: "lead.owner_changed", data: { from: null, to: "bo", actor, at } }],
    });
  });

  it("to nobody removes the owner and its counter, and keys it among nobody's", () => {
    const owned = { ...lead, owner: "bo", ownerKey: "signup#new#bo", ownerCount: "o_new#bo" };
    const decision = decide(owned, { owner: null });
    expect(decision?.remove).toEqual(["owner", "ownerCount"]);
    expect(decision?.set).toMatchObject({ ownerKey: "signup#new#" });
    expect(decision?.counters).toEqual({ "o_new#bo": -1 });
    expect(decision?.entries[0]?.entry).toMatchObject({ type: "owner", owner: null });
  });

  it("moves an owned lead's owner count with its status", () => {
    const owned = { ...lead, owner: "bo", ownerCount: "o_new#bo" };
    const decision = decide(owned, { status: "won" });
    expect(decision?.set).toMatchObject({ ownerKey: "signup#won#bo", ownerCount: "o_won#bo" });
    expect(decision?.counters).toEqual({ s_new: -1, s_won: 1, "o_new#bo": -1, "o_won#bo": 1 });
  });

  it("counts an owner the record does not name yet (owned before the owner counts) from nowhere", () => {
    expect(decide({ ...lead, owner: "bo" }, { status: "trial" })?.counters).toEqual({
      s_new: -1,
      s_trial: 1,
      "o_trial#bo": 1,
    });
  });
});

const reply = { to: "pat@example.com", subject: "Hello", text: "Hi" };

describe("a reply", () => {
  it("stops the clock whatever the status, after its own entry", () => {
    const decision = decide({ ...lead, status: "qualified" }, { reply });
    expect(decision?.set).toMatchObject({ respondedAt: at });
    expect(decision?.entries).toEqual([{ entry: { type: "reply", at, actor, ...reply }, order: 0 }]);
    expect(decision?.counters).toEqual({});
    expect(decision?.events).toEqual([{ type: "lead.replied", data: { actor, at } }]);
  });

  it("moves New to Contacted, its status entry after the reply's", () => {
    const decision = decide(lead, { reply });
    expect(decision?.set).toMatchObject({ status: "contacted", respondedAt: at });
    expect(decision?.entries.map(({ entry, order }) => `${order} ${entry.type}`)).toEqual([
      "0 reply",
      "1 status",
    ]);
    expect(decision?.events.map((event) => event.type)).toEqual(["lead.status_changed", "lead.replied"]);
  });

  it("after the clock stopped, or on a lead deleted meanwhile, is only its entry: the record stays", () => {
    const answered = decide(
      { ...lead, status: "contacted", respondedAt: "2026-11-18T10:00:00.000Z" },
      { reply },
    );
    expect(answered).toMatchObject({ set: {}, remove: [], counters: {}, changed: [] });
    expect(answered?.entries.map(({ entry }) => entry.type)).toEqual(["reply"]);
    const gone = decideDeskChange(SIGNUP_KIND, undefined, { reply }, { actor, now });
    expect(gone?.entries.map(({ entry }) => entry.type)).toEqual(["reply"]);
    expect(gone?.set).toEqual({});
  });
});
