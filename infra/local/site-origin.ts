/**
 * The local site at the origin the runtime really listens on (docs/decisions/0049-local-runtime-ports.md).
 *
 * web/dist is built once for the local stage's siteUrl (http://localhost:3000, infra/stages.ts):
 * canonical links, Open Graph URLs, structured data, sitemap.xml, robots.txt and the bundle's site
 * config all carry it. A runtime on another port or host serves a copy of the build with that origin
 * replaced in every text file, kept in its data folder and made again whenever web/dist is rebuilt
 * (its index.html changes), so a page never names another runtime's address. A copy takes a few
 * milliseconds where a build per port takes seconds.
 */
import { promises as fs, statSync } from "node:fs";
import path from "node:path";

/** Files that can name the origin; everything else (images, fonts) is copied as is. */
const TEXT_FILE = /\.(html|xml|txt|js|mjs|css|json|webmanifest|svg)$/i;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** `text` with every occurrence of the origin `from` (not followed by more port digits) made `to`. */
export function replaceOrigin(text: string, from: string, to: string): string {
  return text.replace(new RegExp(`${escapeRegExp(from)}(?![0-9])`, "g"), to);
}

async function copyTree(from: string, to: string, builtOrigin: string, servedOrigin: string): Promise<void> {
  await fs.mkdir(to, { recursive: true });
  for (const entry of await fs.readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await copyTree(source, target, builtOrigin, servedOrigin);
    else if (!entry.isFile()) continue;
    else if (TEXT_FILE.test(entry.name)) {
      await fs.writeFile(target, replaceOrigin(await fs.readFile(source, "utf8"), builtOrigin, servedOrigin));
    } else await fs.copyFile(source, target);
  }
}

/** The folder to serve: the build itself when the origins match, else a current copy. */
export class SiteAtOrigin {
  private copied: { builtAt: number; dir: string } | undefined;
  private pending: Promise<string> | undefined;
  private generation = 0;

  constructor(
    private readonly distDir: string,
    private readonly builtOrigin: string,
    private readonly servedOrigin: string,
    /** Where the copies live (emptied first). */
    private readonly copiesDir: string,
  ) {}

  get needsCopy(): boolean {
    return this.builtOrigin.replace(/\/+$/, "") !== this.servedOrigin.replace(/\/+$/, "");
  }

  /** The folder to serve now. */
  async root(): Promise<string> {
    if (!this.needsCopy) return this.distDir;
    // Synchronous: a stat per request takes microseconds, and the thread pool is shared.
    const builtAt = statSync(path.join(this.distDir, "index.html"), { throwIfNoEntry: false })?.mtimeMs;
    // Not built (yet): serve web/dist itself, which answers with the placeholder page.
    if (builtAt === undefined) return this.distDir;
    if (this.copied?.builtAt === builtAt) return this.copied.dir;
    this.pending ??= this.copy(builtAt).finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async copy(builtAt: number): Promise<string> {
    if (this.generation === 0) await fs.rm(this.copiesDir, { recursive: true, force: true });
    const dir = path.join(this.copiesDir, String(++this.generation));
    await copyTree(
      this.distDir,
      dir,
      this.builtOrigin.replace(/\/+$/, ""),
      this.servedOrigin.replace(/\/+$/, ""),
    );
    const previous = this.copied?.dir;
    this.copied = { builtAt, dir };
    // Requests still reading the previous copy keep their open files; new ones use the new copy.
    if (previous) await fs.rm(previous, { recursive: true, force: true });
    return dir;
  }
}
