/**
 * Every public page paints from its HTML response alone (docs/decisions/0089-inline-css-csp-hash.md,
 * 0105-paint-before-hydration.md), over real HTTP against the local runtime serving the built site
 * (web/dist, built when stale): no render-blocking stylesheet link, nothing fetched before the first
 * paint (the entry is started by an inline loader after it, decision 0112; the stylesheet and the
 * app's chunks wait in an inert template), each inline <style> and <script> allowed by the
 * Content-Security-Policy the runtime sends with that very page (a hash, never 'unsafe-inline'),
 * and no style attribute (which a strict style-src blocks).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cspHash, hasStyleAttribute, inlineScripts, inlineStyles } from "../../infra/site/csp-hashes";
import { ENTRY_ATTRIBUTE, entryLoaderScript } from "../../web/src/boot/entryLoader";
import { COMMAND_CENTER_PREFIX, PUBLIC_PATHS } from "../../web/src/public-paths";
import { type RuntimeProcess, startRuntime } from "../support/runtime";

let runtime: RuntimeProcess;
beforeAll(async () => {
  runtime = await startRuntime();
}, 300_000);
afterAll(async () => {
  await runtime?.stop();
});

/**
 * The page as the parser fetches from it with scripts on: a <template>'s content is inert, and a
 * <noscript>'s is text, never fetched.
 */
function live(html: string): string {
  return html.replace(/<(template|noscript)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "");
}

/** The contents of the page's <noscript> elements (what a browser without JavaScript parses). */
function noscripts(html: string): string[] {
  return [...html.matchAll(/<noscript\b[^>]*>([\s\S]*?)<\/noscript\s*>/gi)].map((match) => match[1] ?? "");
}

/** The contents of the page's inert templates. */
function templates(html: string): string[] {
  return [...html.matchAll(/<template\b[^>]*>([\s\S]*?)<\/template\s*>/gi)].map((match) => match[1] ?? "");
}

/** The page's start tags of one element name, each with its attributes (names lower-cased). */
function tags(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, "gi"))].map((match) => {
    const attributes: Record<string, string> = {};
    for (const attribute of (match[1] ?? "").matchAll(
      /([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g,
    )) {
      attributes[(attribute[1] ?? "").toLowerCase()] = attribute[2] ?? attribute[3] ?? attribute[4] ?? "";
    }
    return attributes;
  });
}

/** A stylesheet link the browser waits for before the first paint: no media, or one that matches a screen. */
function renderBlockingStylesheets(html: string): string[] {
  return tags(live(html), "link")
    .filter((link) => (link.rel ?? "").toLowerCase().split(/\s+/).includes("stylesheet"))
    .filter((link) => {
      const media = (link.media ?? "").trim().toLowerCase();
      return media === "" || media === "all" || media.includes("screen");
    })
    .map((link) => link.href ?? "?");
}

/** A directive's sources. */
function sources(policy: string, name: "style-src" | "script-src"): string[] {
  const directive = policy
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
  return directive?.split(/\s+/).slice(1) ?? [];
}

async function page(path: string): Promise<{ status: number; html: string; policy: string }> {
  const response = await fetch(`${runtime.url}${path}`);
  return {
    status: response.status,
    html: await response.text(),
    policy: response.headers.get("content-security-policy") ?? "",
  };
}

describe("the checks themselves", () => {
  it("call a stylesheet link without media, or with a screen media, render-blocking", () => {
    expect(renderBlockingStylesheets(`<link rel="stylesheet" href="/a.css">`)).toEqual(["/a.css"]);
    expect(renderBlockingStylesheets(`<LINK REL="Stylesheet" HREF=/b.css media=all>`)).toEqual(["/b.css"]);
    expect(renderBlockingStylesheets(`<link href="/c.css" rel="preload stylesheet">`)).toEqual(["/c.css"]);
    expect(renderBlockingStylesheets(`<noscript><link rel="stylesheet" href="/n.css"></noscript>`)).toEqual(
      [],
    );
    expect(renderBlockingStylesheets(`<link rel="stylesheet" href="/p.css" media="print">`)).toEqual([]);
    expect(renderBlockingStylesheets(`<link rel="modulepreload" href="/x.js">`)).toEqual([]);
    expect(
      renderBlockingStylesheets(`<template data-x><link rel="stylesheet" href="/t.css"></template>`),
    ).toEqual([]);
  });

  it("find what the parser fetches outside templates only", () => {
    const html = `<script type="module" src="/e.js"></script><template a><link rel="modulepreload" href="/m.js"></template>`;
    expect(fetchedBeforePaint(html)).toEqual(["/e.js"]);
  });
});

/** Scripts, module preloads and stylesheets the parser requests (outside templates), in order. */
function fetchedBeforePaint(html: string): string[] {
  const page = live(html);
  const scripts = tags(page, "script").flatMap((script) => (script.src ? [script.src] : []));
  const links = tags(page, "link")
    .filter((link) => /(^|\s)(stylesheet|modulepreload|preload)(\s|$)/i.test(link.rel ?? ""))
    .map((link) => link.href ?? "?");
  return [...scripts, ...links];
}

describe.each([...PUBLIC_PATHS, "/no-such-page"])("%s", (path) => {
  it("links no render-blocking stylesheet and carries its CSS inline", async () => {
    const { status, html } = await page(path);
    expect(status).toBe(path === "/no-such-page" ? 404 : 200);
    expect(renderBlockingStylesheets(html)).toEqual([]);
    const styles = inlineStyles(html);
    expect(styles.length).toBeGreaterThan(0);
    // The inline stylesheet is in <head>, so the first paint has it.
    const head = html.slice(0, html.indexOf("</head>"));
    expect(inlineStyles(head)).toEqual(styles);
  });

  it("fetches nothing before its first paint; its loader starts the entry, the rest waits in a template", async () => {
    const { html } = await page(path);
    expect(fetchedBeforePaint(html)).toEqual([]);
    const head = html.slice(0, html.indexOf("</head>"));
    const loaders = inlineScripts(head).filter((script) => script.includes("createElement"));
    // The same text in every build (so its CSP hash too); the build's entry is an attribute.
    expect(loaders).toEqual([entryLoaderScript()]);
    const entries = tags(head, "script").flatMap((script) => script[ENTRY_ATTRIBUTE] ?? []);
    expect(entries).toEqual([expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/)]);
    const [afterPaint, ...others] = templates(html);
    expect(others).toEqual([]);
    const deferred = tags(afterPaint ?? "", "link");
    expect(deferred.filter((link) => link.rel === "stylesheet").map((link) => link.href)).toEqual([
      expect.stringMatching(/^\/assets\/style-[\w-]+\.css$/),
    ]);
    expect(deferred.filter((link) => link.rel === "modulepreload").length).toBeGreaterThan(0);
  });

  it("gives a browser without JavaScript the same stylesheet from a <noscript> link in <head>", async () => {
    const { html } = await page(path);
    const head = html.slice(0, html.indexOf("</head>"));
    const [fallback, ...others] = noscripts(head);
    expect(others).toEqual([]);
    expect(noscripts(html)).toHaveLength(1);
    const sheet = templates(html).flatMap((template) =>
      tags(template, "link").filter((link) => link.rel === "stylesheet"),
    );
    expect(tags(fallback ?? "", "link")).toEqual(sheet);
  });

  it("has every <style> and inline script allowed by the CSP sent with it, by hash and not by 'unsafe-inline'", async () => {
    const { html, policy } = await page(path);
    const styleSources = sources(policy, "style-src");
    const scriptSources = sources(policy, "script-src");
    for (const allowed of [styleSources, scriptSources]) {
      expect(allowed).not.toContain("'unsafe-inline'");
      expect(allowed).not.toContain("'unsafe-hashes'");
    }
    for (const style of inlineStyles(html)) expect(styleSources).toContain(`'${cspHash(style)}'`);
    expect(inlineScripts(html).length).toBeGreaterThan(0);
    for (const script of inlineScripts(html)) expect(scriptSources).toContain(`'${cspHash(script)}'`);
  });

  it("carries no style attribute", async () => {
    const { html } = await page(path);
    expect(hasStyleAttribute(html)).toBe(false);
  });
});

describe("the Command Center shell", () => {
  it("keeps its stylesheet link and entry script (not public, cached for signed-in staff)", async () => {
    const { html } = await page(`${COMMAND_CENTER_PREFIX}/login`);
    expect(renderBlockingStylesheets(html)).toHaveLength(1);
    expect(inlineStyles(html)).toEqual([]);
    expect(inlineScripts(html)).toEqual([]);
    expect(fetchedBeforePaint(html)[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  });
});
