import { realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Whether the module whose `import.meta.url` is `moduleUrl` is the script Node was started with
 * (`tsx infra/app.ts`, `node dist/x.js`) rather than imported by another module. Paths are compared
 * after resolving symbolic links, so a relative, absolute or linked path to the same file agrees.
 */
export function isMainModule(moduleUrl: string, script: string | undefined = process.argv[1]): boolean {
  if (!script) return false;
  try {
    return realpathSync(fileURLToPath(moduleUrl)) === realpathSync(path.resolve(script));
  } catch {
    return false;
  }
}
