/**
 * The JavaScript a prerendered page loads before anyone interacts with it: the module script and
 * modulepreloads named in its HTML (the entry, on a public page, named by its inline loader:
 * web/src/boot/entryLoader.ts) plus every static import they pull in, gzip-compressed (what
 * CloudFront and the local runtime send). Dynamic imports (other pages, the Command Center, the form
 * validation loaded on first input) are not counted.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const STATIC_IMPORT = /(?:import|from)\s*["']\.\/([^"']+\.js)["']/g;

export interface JsBudget {
  readonly files: string[];
  readonly gzipBytes: number;
}

export function firstLoadJs(distDir: string, htmlFile: string): JsBudget {
  const html = readFileSync(path.join(distDir, htmlFile), "utf8");
  const roots = [
    ...html.matchAll(/<script type="module"[^>]*\ssrc="\/([^"]+)"/g),
    ...html.matchAll(/<script data-entry="\/(assets\/[^"]+\.js)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*\shref="\/([^"]+)"/g),
  ].map((match) => match[1] as string);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(path.join(distDir, file), "utf8");
    const folder = path.posix.dirname(file);
    for (const match of source.matchAll(STATIC_IMPORT)) visit(path.posix.join(folder, match[1] as string));
  };
  for (const root of roots) visit(root);
  const files = [...seen].sort();
  const gzipBytes = files.reduce(
    (total, file) => total + gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length,
    0,
  );
  return { files, gzipBytes };
}
