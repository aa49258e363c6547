import { describe, expect, it } from "vitest";
import { linkSignals, linksIn } from "./links";
import type { SubmissionText } from "./text";
import { WEIGHTS } from "./weights";

const text = (body: string, more: Partial<SubmissionText> = {}): SubmissionText => ({
  names: ["Ada", "Lovelace"],
  short: [],
  body,
  emailDomain: "acme.io",
  ...more,
});

describe("links in free text", () => {
  it("finds schemed, www and bare links, not abbreviations, versions or addresses", () => {
    const found = linksIn("See https://x.com/a, www.y.org and z.io/p. e.g. v1.2 i.e. ada@acme.io Mr.Smith");
    expect(found.map((link) => link.host)).toEqual(["x.com", "y.org", "z.io"]);
  });

  it("lets a person paste their own company's site, as often as they like", () => {
    expect(linkSignals(text("We are https://www.acme.io — see acme.io/team and shop.acme.io"))).toEqual([]);
  });

  it("weighs one foreign link lightly and more links more", () => {
    expect(linkSignals(text("Our old site: https://other.com"))).toEqual([
      { code: "links", weight: WEIGHTS.links.one, detail: "1 link: other.com" },
    ]);
    expect(linkSignals(text("a.com b.com"))[0]?.weight).toBe(WEIGHTS.links.two);
    expect(linkSignals(text("a.com b.com c.com"))[0]?.weight).toBe(WEIGHTS.links.several);
    expect(linkSignals(text("a.com b.com c.com d.com e.com"))[0]).toMatchObject({
      weight: WEIGHTS.links.many,
      detail: "5 links: a.com, b.com, c.com and 2 more",
    });
  });

  it("counts one link pasted twice once", () => {
    expect(linkSignals(text("https://other.com https://other.com"))[0]?.weight).toBe(WEIGHTS.links.one);
  });

  it("names shorteners and forum markup", () => {
    const found = linkSignals(text('Look <a href="https://bit.ly/x">here</a>'));
    expect(found.map((f) => [f.code, f.weight])).toEqual([
      ["links", WEIGHTS.links.shortener],
      ["links", WEIGHTS.links.markup],
      ["links", WEIGHTS.links.one],
    ]);
    expect(linkSignals(text("[url=https://x.top]deals[/url]"))[0]?.weight).toBe(WEIGHTS.links.markup);
  });

  it("counts a link in a name field, and a schemed one in the company field, not a company named like a domain", () => {
    expect(linkSignals(text("", { names: ["Ada", "cheap-seo.xyz"] }))[0]).toMatchObject({
      weight: WEIGHTS.links.inNameField,
      detail: "a link in a name or company field: cheap-seo.xyz",
    });
    expect(linkSignals(text("", { short: ["Booking.com"] }))).toEqual([]);
    expect(linkSignals(text("", { short: ["https://spam.top"] }))[0]?.weight).toBe(WEIGHTS.links.inNameField);
  });
});
