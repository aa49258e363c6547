import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LATER_BLOCKS_WAIT_RULE } from "../../web/src/boot/afterPaintResources";
import { criticalCss, firstScreenOf } from "./critical-css";

const page = (body: string) =>
  `<!doctype html><html><head><link rel="stylesheet" href="/site.css"></head><body>${body}</body></html>`;

describe("firstScreenOf", () => {
  it("empties every later block and keeps everything else byte for byte", () => {
    const html = page(
      `<header class="h">Top</header><main><section class="hero"><h1>Hi</h1></section>` +
        `<section data-later="" class="s"><div class="in"><p>Below</p></div></section></main>` +
        `<footer data-later class="f"><a class="l" href="/">Home</a></footer>`,
    );
    expect(firstScreenOf(html)).toEqual({
      html: page(
        `<header class="h">Top</header><main><section class="hero"><h1>Hi</h1></section>` +
          `<section data-later="" class="s"></section></main><footer data-later class="f"></footer>`,
      ),
      laterBlocks: 2,
    });
  });

  it("leaves a page without later blocks as it is", () => {
    const html = page(`<main><p class="x">All of it</p></main>`);
    expect(firstScreenOf(html)).toEqual({ html, laterBlocks: 0 });
  });
});

describe("criticalCss", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "critical-css-"));
  writeFileSync(
    path.join(dir, "site.css"),
    ".hero{color:red}.s{padding:1px}.in{margin:2px}.f{background:blue}.l{color:green}.unused{color:pink}",
  );
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps the first screen's rules and the later blocks' own, not what is inside them, then the wait rule", async () => {
    const css = await criticalCss(
      [
        page(
          `<main><section class="hero">Hi</section><section data-later class="s"><div class="in">x</div></section></main>` +
            `<footer data-later class="f"><a class="l" href="/">Home</a></footer>`,
        ),
      ],
      dir,
    );
    expect(css).toBe(`.hero{color:red}.s{padding:1px}.f{background:blue}${LATER_BLOCKS_WAIT_RULE}`);
  });

  it("adds no wait rule to pages without later blocks", async () => {
    expect(await criticalCss([page(`<p class="in">x</p>`)], dir)).toBe(".in{margin:2px}");
  });
});
