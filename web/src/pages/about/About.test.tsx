import { describe, expect, it } from "vitest";
import { renderHtml, textOf } from "../../components/marketing/render.test-util";
import About from "../About";
import { TEAM } from "./content";

describe("About page (prerendered)", () => {
  const html = renderHtml(<About />);
  const text = textOf(html);

  it("has one h1, then story, mission, values, team and the closing call to action", () => {
    expect(html.match(/<h1/g)).toHaveLength(1);
    const order = [
      "Our story",
      "Our mission",
      "What we value",
      "The team behind RepDesk",
      "Start Free Trial",
    ];
    const positions = order.map((heading) => text.indexOf(heading));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("states the figures and founding year of docs/product/site.md verbatim", () => {
    for (const figure of ["5,000+", "$2B+", "99.9%", "50+", "2020"]) expect(text).toContain(figure);
  });

  it("shows every team member with CSS initials (decorative) and no images", () => {
    for (const member of TEAM) {
      expect(text).toContain(member.name);
      expect(html).toContain(`aria-hidden="true">${member.initials}</span>`);
    }
    expect(html).not.toContain("<img");
  });
});
