import { describe, expect, it } from "vitest";
import { PUBLIC_PATHS } from "../public-paths";
import { isCommandCenterPath, NOT_FOUND_PAGE, normalisePath, PAGES, pageFor } from "./routes";

describe("route table", () => {
  it("has one page per public path, and the 404 page for anything else", () => {
    expect(Object.keys(PAGES).sort()).toEqual([...PUBLIC_PATHS].sort());
    expect(pageFor("/pricing")).toBe(PAGES["/pricing"]);
    expect(pageFor("/pricing/")).toBe(PAGES["/pricing"]);
    expect(pageFor("/pricing/extra")).toBe(NOT_FOUND_PAGE);
    expect(pageFor("/PRICING")).toBe(NOT_FOUND_PAGE);
  });

  it("normalises trailing slashes but keeps the root", () => {
    expect(normalisePath("/")).toBe("/");
    expect(normalisePath("/about//")).toBe("/about");
  });

  it("recognises the Command Center's paths only", () => {
    expect(isCommandCenterPath("/commandcenter")).toBe(true);
    expect(isCommandCenterPath("/commandcenter/signups")).toBe(true);
    expect(isCommandCenterPath("/commandcenterx")).toBe(false);
    expect(isCommandCenterPath("/")).toBe(false);
  });
});
