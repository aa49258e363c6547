import { describe, expect, it } from "vitest";
import { hashOfLead, leadIdOfHash } from "./useLinkedLead";

describe("the lead in the address's hash", () => {
  it("reads the form the desk e-mails link with (their links encode the id)", () => {
    expect(leadIdOfHash("#lead=3f2a-9c")).toBe("3f2a-9c");
    expect(leadIdOfHash(`#lead=${encodeURIComponent("a b&c#d")}`)).toBe("a b&c#d");
  });

  it("names no lead without one", () => {
    for (const hash of ["", "#", "#lead=", "#token=abc", "lead"]) expect(leadIdOfHash(hash)).toBeUndefined();
  });

  it("writes a hash that reads back as the same id", () => {
    for (const id of ["3f2a-9c", "a b&c#d=e", "ü/ß"]) expect(leadIdOfHash(hashOfLead(id))).toBe(id);
  });
});
