/**
 * The map of where personal data lives (./personal-data-map.ts) against the code: every table of
 * functions/model/tables.ts has an entry, every category of the privacy summary is some store's,
 * and names are unique. The check is shown to refuse a planted table without an entry.
 */
import { describe, expect, it } from "vitest";
import { PRIVACY_CATEGORIES } from "../../events/privacy";
import { TABLES } from "../model/tables";
import { PERSONAL_DATA_STORES, tablesWithoutEntry } from "./personal-data-map";

describe("PERSONAL_DATA_STORES", () => {
  it("has an entry for every table of tables.ts", () => {
    expect(tablesWithoutEntry(Object.keys(TABLES))).toEqual([]);
  });

  it("refuses a table added to tables.ts without an entry", () => {
    expect(tablesWithoutEntry([...Object.keys(TABLES), "newTable"])).toEqual(["newTable"]);
    const withoutDeliveries = PERSONAL_DATA_STORES.filter(
      (store) => typeof store.where === "string" || !store.where.includes("deliveries"),
    );
    expect(tablesWithoutEntry(Object.keys(TABLES), withoutDeliveries)).toEqual(["deliveries"]);
  });

  it("counts every category of the privacy summary in some store, and names each store once", () => {
    const counted = new Set(PERSONAL_DATA_STORES.flatMap((store) => store.categories));
    expect(PRIVACY_CATEGORIES.filter((category) => !counted.has(category))).toEqual([]);
    const names = PERSONAL_DATA_STORES.map((store) => store.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("says for every store what find, export, erase, a lead's deletion, retention and replay do", () => {
    for (const store of PERSONAL_DATA_STORES)
      for (const field of ["holds", "find", "export", "erase", "deleteLead", "retention", "replay"] as const)
        expect([store.name, field, store[field].length > 0]).toEqual([store.name, field, true]);
  });
});
