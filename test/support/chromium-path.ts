/**
 * Where Chromium (or Google Chrome) is on this machine, for the browser tests (test/e2e), the web
 * bench (test/bench/web.ts) and the share-image renderer (web/og-image/render.ts). None of them
 * downloads a browser: CHROMIUM_PATH or CHROME_PATH names one, else the usual install places are
 * tried in order, else a clear error says how to install one.
 */
import { accessSync, constants } from "node:fs";

/** Where Linux packages, snap and macOS put the browser, in the order they are tried. */
export const CHROMIUM_LOCATIONS = [
  "/usr/bin/chromium", // Debian, Ubuntu (apt-get install chromium)
  "/usr/bin/chromium-browser", // Ubuntu's older name, Fedora, Alpine
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/snap/bin/chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
] as const;

/** The variables that name the browser, first found wins. */
export const CHROMIUM_VARIABLES = ["CHROMIUM_PATH", "CHROME_PATH"] as const;

export const CHROMIUM_NOT_FOUND = [
  "Chromium was not found: the browser tests, `npm run bench -- web` and web/og-image/render.ts need it.",
  "Install it (Debian/Ubuntu: `apt-get install -y chromium`; macOS: install Google Chrome),",
  `or set CHROMIUM_PATH to the browser's executable. Looked in: ${CHROMIUM_LOCATIONS.join(", ")}.`,
].join("\n");

/** Whether `file` exists and may be run. */
function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export interface ChromiumLookup {
  /** process.env unless given. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Whether a browser can be run from this path: an executable file unless given. */
  readonly exists?: (file: string) => boolean;
}

/** The browser's executable; throws CHROMIUM_NOT_FOUND (or names a variable that misses) if none. */
export function chromiumPath(lookup: ChromiumLookup = {}): string {
  const env = lookup.env ?? process.env;
  const exists = lookup.exists ?? isExecutable;
  for (const name of CHROMIUM_VARIABLES) {
    const value = env[name]?.trim();
    if (!value) continue;
    if (!exists(value)) throw new Error(`${name} is "${value}", but no browser can be run from there.`);
    return value;
  }
  const found = CHROMIUM_LOCATIONS.find((file) => exists(file));
  if (!found) throw new Error(CHROMIUM_NOT_FOUND);
  return found;
}
