/**
 * `npm run build:web`: client build, SSR build of the prerender entry, then one static HTML file
 * per public route (web/src/public-paths.ts), the 404 page, the Command Center shell, sitemap.xml
 * and robots.txt — all into web/dist. STAGE (default "local") selects the per-stage settings;
 * WEB_OUT_DIR puts the site elsewhere (a deploy builds each stage into dist/site/<stage>,
 * infra/site-build.ts, so web/dist stays the local site). It lives in infra/ because building the
 * site is infra's work on web/: web/ holds the app only and imports nothing from infra/.
 */
import { access, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Manifest } from "vite";
import { AFTER_PAINT_ATTRIBUTE } from "../../web/src/boot/afterPaintResources";
import {
  COMMAND_CENTER_PREFIX,
  COMMAND_CENTER_SHELL_FILE,
  htmlFileFor,
  NOT_FOUND_FILE,
  PUBLIC_PATHS,
  pageSource,
} from "../../web/src/public-paths";
import { markBuilt } from "../local/web-build";
import { isMainModule } from "../main-module";
import { REPO_ROOT } from "../repo-root";
import { criticalCss } from "./critical-css";
import { CSP_HASHES_FILE, cspHash, inlineProblems } from "./csp-hashes";
import { currentStageName } from "./site-config";

// Always a production bundle, even when started from a test runner that sets NODE_ENV=test.
process.env.NODE_ENV = "production";

const webRoot = join(REPO_ROOT, "web");
const distDir = process.env.WEB_OUT_DIR ? resolve(process.env.WEB_OUT_DIR) : join(webRoot, "dist");
const cacheDir = join(REPO_ROOT, "node_modules", ".cache");
const configFile = fileURLToPath(new URL("vite.config.ts", import.meta.url));

type ServerEntry = typeof import("../../web/src/entry-server");

/** A chunk's file, its CSS and everything it imports statically, recursively. */
function closure(manifest: Manifest, key: string): { scripts: Set<string>; styles: Set<string> } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (chunkKey: string) => {
    const chunk = manifest[chunkKey];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { scripts, styles };
}

/** The module the entry imports once the page has painted (web/src/entry-client.tsx). */
const APP_SOURCE = "src/mount.tsx";

/**
 * The app's chunk, a page's chunk and their static imports, minus what the entry already brings
 * (Vite writes the entry's own tags into index.html). A page whose CSS is not the site's one
 * stylesheet is refused.
 */
function appChunks(manifest: Manifest, pageChunk: string | null): string[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error("The build manifest has no entry chunk");
  const entry = closure(manifest, entryKey);
  const wanted = new Set<string>();
  for (const source of pageChunk === null ? [APP_SOURCE] : [APP_SOURCE, pageChunk]) {
    if (!manifest[source]) throw new Error(`No chunk for ${source} in the build manifest`);
    const chunk = closure(manifest, source);
    // Islands (routing/deferred.tsx) load their code late, but their prerendered HTML needs its CSS now.
    for (const lazy of manifest[source]?.dynamicImports ?? []) {
      for (const css of closure(manifest, lazy).styles) chunk.styles.add(css);
    }
    const extra = [...chunk.styles].filter((css) => !entry.styles.has(css));
    if (extra.length > 0) {
      throw new Error(
        `${source} needs ${extra.join(", ")} beyond the site's stylesheet (keep cssCodeSplit: false in vite.config.ts)`,
      );
    }
    for (const file of chunk.scripts) if (!entry.scripts.has(file)) wanted.add(file);
  }
  return [...wanted];
}

function modulePreloads(files: readonly string[]): string[] {
  return files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
}

/** Vite's stylesheet link in index.html (one: `cssCodeSplit: false`, vite.config.ts). */
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g;

function stylesheetLink(template: string): { link: string; file: string } {
  const links = [...template.matchAll(STYLESHEET_LINK)];
  if (links.length !== 1)
    throw new Error(`index.html links ${links.length} stylesheets; the build expects one`);
  const [link, file] = links[0] as RegExpMatchArray;
  return { link, file: file as string };
}

/**
 * A public page as served: Vite's render-blocking stylesheet link replaced by the rules its family
 * of pages needs for its first screen, inline (0113); the whole stylesheet and the app's chunks in
 * an inert template that the entry moves into the document after the first paint
 * (docs/decisions/0105), and the stylesheet again in <noscript> for a browser without JavaScript.
 * The entry itself is started by an inline loader once the page has painted (0112); with a tag
 * manager, the consent probe runs first, before the body and its banner are parsed (0109).
 */
function servedPage(html: string, css: string, chunks: readonly string[], scripts: InlineScripts): string {
  // The HTML parser would end the element there, and the browser would hash another text.
  if (/<\/style/i.test(css)) throw new Error(`The critical CSS contains "</style": it cannot be inlined`);
  const { link, file } = stylesheetLink(html);
  const afterPaint = [`<link rel="stylesheet" crossorigin href="/${file}">`, ...modulePreloads(chunks)];
  const head = [
    ...(scripts.probe === null ? [] : [`<script>${scripts.probe}</script>`]),
    scripts.loaderElement,
    `<style>${css}</style>`,
    // Without JavaScript nothing moves the template's links: the whole stylesheet comes from here.
    `<noscript><link rel="stylesheet" crossorigin href="/${file}"></noscript>`,
    `<template ${AFTER_PAINT_ATTRIBUTE}>${afterPaint.join("")}</template>`,
  ];
  const { tag } = entryScript(html);
  return html.replace(tag, "").replace(link, () => head.join("\n    "));
}

/** Vite's module script of the entry in index.html; a public page starts it from its loader instead. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/g;

function entryScript(template: string): { tag: string; path: string } {
  const scripts = [...template.matchAll(ENTRY_SCRIPT)];
  if (scripts.length !== 1)
    throw new Error(`index.html has ${scripts.length} entry scripts; the build expects one`);
  const [tag, path] = scripts[0] as RegExpMatchArray;
  return { tag, path: path as string };
}

/**
 * The inline scripts of the public pages, first in <head>: the consent probe on a stage with a tag
 * manager (decision 0109) and the loader that starts the entry after the first paint (0112).
 */
interface InlineScripts {
  readonly probe: string | null;
  /** The loader's text (the same in every build), for its hash. */
  readonly loader: string;
  /** Its element, which names this build's entry in an attribute. */
  readonly loaderElement: string;
}

function checkedInline(script: string, name: string): string {
  if (/<\/script|<!--/i.test(script))
    throw new Error(`The ${name} contains "</script" or "<!--": it cannot be inlined`);
  return script;
}

/**
 * Pages that share their inline stylesheet: the first path segment (/platform/..., /solutions/...),
 * so the CSP lists about ten hashes, well under CloudFront's header length quota.
 */
function styleFamily(file: string): string {
  return file.split("/")[0] as string;
}

function fillTemplate(template: string, head: string, html: string): string {
  if (!template.includes("<!--app-head-->") || !template.includes("<!--app-html-->")) {
    throw new Error("index.html lost its <!--app-head--> / <!--app-html--> placeholders");
  }
  return template.replace("<!--app-head-->", head).replace("<!--app-html-->", html);
}

async function writeOut(outDir: string, file: string, content: string): Promise<void> {
  const target = join(outDir, file);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, content);
}

/**
 * Replaces web/dist with the finished build in two renames, so that a runtime serving web/dist
 * (several may run at once: tests, benchmarks, npm start) never sees a half-written site.
 */
async function publish(outDir: string): Promise<void> {
  const previous = `${distDir}.old-${process.pid}-${Date.now()}`;
  await mkdir(dirname(distDir), { recursive: true });
  await rename(distDir, previous).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
  await rename(outDir, distDir);
  await rm(previous, { recursive: true, force: true });
  // Last: the renames above changed web/'s modification time (infra/local/web-build.ts).
  markBuilt(distDir);
}

export async function buildWeb(): Promise<void> {
  const stage = currentStageName();
  const started = Date.now();
  const unique = `${process.pid}-${started}`;
  // Beside its destination, so the final rename stays on one file system (and a stage build
  // under dist/site/ leaves web/ untouched).
  const outDir = join(dirname(distDir), `.dist-build-${unique}`);
  const ssrDir = join(cacheDir, `repdesk-prerender-${unique}`);
  const writeDist = (file: string, content: string) => writeOut(outDir, file, content);
  try {
    await renderSite(outDir, ssrDir, writeDist);
    await rm(join(outDir, ".vite"), { recursive: true, force: true }); // the manifest is a build input, not for publishing
    await publish(outDir);
  } finally {
    await rm(ssrDir, { recursive: true, force: true });
    await rm(outDir, { recursive: true, force: true });
  }
  console.log(
    `web: built ${PUBLIC_PATHS.length} pages + 404 + Command Center shell for stage "${stage}" in ${Date.now() - started} ms`,
  );
}

async function renderSite(
  outDir: string,
  ssrDir: string,
  writeDist: (file: string, content: string) => Promise<void>,
): Promise<void> {
  await build({
    configFile,
    configLoader: "runner",
    mode: "production",
    logLevel: "warn",
    build: { outDir, emptyOutDir: true },
  });
  await build({
    configFile,
    configLoader: "runner",
    mode: "production",
    logLevel: "warn",
    build: {
      ssr: "src/entry-server.tsx",
      outDir: ssrDir,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
    },
  });

  const manifest = JSON.parse(await readFile(join(outDir, ".vite", "manifest.json"), "utf8")) as Manifest;
  const template = await readFile(join(outDir, "index.html"), "utf8");
  const server = (await import(pathToFileURL(join(ssrDir, "entry-server.js")).href)) as ServerEntry;

  // Every page's og:image / twitter:image points at it (web/src/seo/head.ts): it must ship.
  await access(join(outDir, server.SHARE_IMAGE.path)).catch(() => {
    throw new Error(
      `${server.SHARE_IMAGE.path} is missing from web/public (render it: npx tsx web/og-image/render.ts)`,
    );
  });

  const pages = new Map<string, { html: string; chunks: string[] }>();
  for (const path of PUBLIC_PATHS) {
    const page = await server.render(path);
    pages.set(htmlFileFor(path), {
      html: fillTemplate(template, page.head, page.html),
      chunks: appChunks(manifest, pageSource(path)),
    });
  }
  const notFound = await server.render("/404");
  pages.set(NOT_FOUND_FILE, {
    html: fillTemplate(template, notFound.head, notFound.html),
    chunks: appChunks(manifest, pageSource(null)),
  });

  const families = new Map<string, string[]>();
  for (const file of pages.keys())
    families.set(styleFamily(file), [...(families.get(styleFamily(file)) ?? []), file]);
  const hashes: string[] = [];
  const scripts: InlineScripts = {
    // The banner is in the pages only when the stage has a tag manager (consentController.ts).
    probe: server.config.tagManagerId ? checkedInline(server.consentProbeScript(), "consent probe") : null,
    loader: checkedInline(server.entryLoaderScript(), "entry loader"),
    loaderElement: server.entryLoaderElement(entryScript(template).path),
  };
  for (const files of families.values()) {
    const members = files.map((file) => ({
      file,
      ...(pages.get(file) as { html: string; chunks: string[] }),
    }));
    const css = await criticalCss(
      members.map((member) => member.html),
      outDir,
    );
    hashes.push(cspHash(css));
    for (const member of members)
      await writeDist(member.file, servedPage(member.html, css, member.chunks, scripts));
  }

  // The Command Center shell keeps the stylesheet link (it is not public, and signed-in staff
  // have it cached) and fetches the app's chunk at once.
  const shellHead = [
    `<title>Command Center | ${server.config.brand}</title>`,
    `<meta name="robots" content="noindex, nofollow">`,
    ...modulePreloads(appChunks(manifest, null)),
  ].join("\n    ");
  await writeDist(COMMAND_CENTER_SHELL_FILE, fillTemplate(template, shellHead, ""));
  const inline = [scripts.probe, scripts.loader].filter((script) => script !== null);
  const cspHashes = { styleSrc: [...new Set(hashes)], scriptSrc: inline.map(cspHash) };
  await writeDist(CSP_HASHES_FILE, `${JSON.stringify(cspHashes, null, 2)}\n`);
  // What the CDK stack and the local runtime will check again: every <style> and inline script of
  // every page is allowed by the hashes just written, and no page carries a style attribute.
  const problems = inlineProblems(outDir);
  if (problems.length > 0)
    throw new Error(`The pages would break under the CSP:\n  ${problems.join("\n  ")}`);

  const sitemap = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...PUBLIC_PATHS.map((path) => `  <url><loc>${server.absoluteUrl(path)}</loc></url>`),
    `</urlset>`,
    "",
  ].join("\n");
  await writeDist("sitemap.xml", sitemap);
  await writeDist(
    "robots.txt",
    `User-agent: *\nDisallow: ${COMMAND_CENTER_PREFIX}\nAllow: /\n\nSitemap: ${server.absoluteUrl("/sitemap.xml")}\n`,
  );
}

if (isMainModule(import.meta.url)) {
  buildWeb().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
