import { describe, expect, it } from "vitest";
import { LEAD_STATUSES } from "../../events/desk";
import { SIGNUP_KIND } from "../model/lead-kinds";
import { DESK_INDEX, OWNER_INDEX } from "../model/tables";
import { indexSource } from "./lead-index-reads";

describe("the partitions a desk listing reads (docs/decisions/0100)", () => {
  it("reads one partition for a status with an owner or nobody, most urgent first oldest first", () => {
    expect(indexSource(SIGNUP_KIND, { status: "qualified", owner: "bo" })).toEqual({
      indexName: OWNER_INDEX,
      partition: { name: "ownerKey", values: ["signup#qualified#bo"] },
      forward: false,
    });
    expect(indexSource(SIGNUP_KIND, { urgency: true, owner: null })).toEqual({
      indexName: OWNER_INDEX,
      partition: { name: "ownerKey", values: ["signup#new#"] },
      forward: true,
    });
  });

  it("merges an owner's (or nobody's) partitions of every status but Spam without a status", () => {
    const listed = LEAD_STATUSES.filter((status) => status !== "spam");
    const source = indexSource(SIGNUP_KIND, { owner: "bo" });
    expect(source.partition.values).toEqual(listed.map((status) => `signup#${status}#bo`));
    expect(indexSource(SIGNUP_KIND, { owner: null }).partition.values).toHaveLength(listed.length);
  });

  it("keeps look-alike owners apart and lets an empty owner match nothing", () => {
    expect(indexSource(SIGNUP_KIND, { status: "won", owner: "bo#x" }).partition.values).toEqual([
      "signup#won#bo#x",
    ]);
    expect(indexSource(SIGNUP_KIND, { owner: "" }).empty).toBe(true);
    expect(indexSource(SIGNUP_KIND, { urgency: true, status: "won" }).empty).toBe(true);
  });

  it("reads byDesk with the owner as a filter until the owner index is ready", () => {
    expect(indexSource(SIGNUP_KIND, { status: "won", owner: "bo" }, false)).toMatchObject({
      indexName: DESK_INDEX,
      partition: { values: ["signup#won"] },
    });
  });
});
