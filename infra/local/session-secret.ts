import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const SESSION_SECRET_FILE = "session-secret";
/** The key that seals the integrations' signing secrets locally, standing in for KMS. */
export const WEBHOOK_KEY_FILE = "webhook-key";

/**
 * The local session signing key: 256 random bits (hex) generated once into the data folder
 * (readable by its owner only) and reused, so sessions survive a restart and never share a key
 * with another checkout.
 */
export function localSessionSecret(dataDir: string, name: string = SESSION_SECRET_FILE): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) {
    const existing = readFileSync(file, "utf8").trim();
    if (/^[0-9a-f]{64}$/.test(existing)) return existing;
    throw new Error(`${file} does not hold a 256-bit hex key; delete it to have a new one generated`);
  }
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  return secret;
}
