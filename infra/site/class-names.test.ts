import path from "node:path";
import { describe, expect, it } from "vitest";
import { shortClassNames } from "./class-names";

const ROOT = path.join(path.sep, "clone", "web");
const module = (name: string) => path.join(ROOT, "src", "components", name);

describe("shortClassNames", () => {
  it("gives a short name that is a valid CSS class, the same on every call", () => {
    const name = shortClassNames(ROOT)("itemDescription", module("MegaMenu.module.css"));
    expect(name).toMatch(/^_[A-Za-z0-9_-]{6}$/);
    expect(shortClassNames(ROOT)("itemDescription", module("MegaMenu.module.css"))).toBe(name);
  });

  it("does not depend on where the repository is cloned, nor on a query Vite appends", () => {
    const here = shortClassNames(ROOT)("panel", module("MegaMenu.module.css"));
    const elsewhere = path.join(path.sep, "elsewhere", "web");
    expect(
      shortClassNames(elsewhere)("panel", path.join(elsewhere, "src/components/MegaMenu.module.css")),
    ).toBe(here);
    expect(shortClassNames(ROOT)("panel", `${module("MegaMenu.module.css")}?used`)).toBe(here);
  });

  it("names the same local class of two modules differently", () => {
    const names = shortClassNames(ROOT);
    expect(names("panel", module("MegaMenu.module.css"))).not.toBe(
      names("panel", module("MobileMenu.module.css")),
    );
  });

  it("refuses a build in which two classes meet on one name", () => {
    // One character of base64url: 64 names, so 100 classes must collide.
    const names = shortClassNames(ROOT, 1);
    expect(() => {
      for (let index = 0; index < 100; index++) names(`class${index}`, module("Many.module.css"));
    }).toThrow(/Two CSS classes got the name _.: src\/components\/Many\.module\.css:class\d+ and/);
  });
});
