/**
 * aws-ses-v2-local (SES's v2 API, a web inbox at "/", JSON at "/store") with its inbox kept in a
 * file, so that the inbox — like the data — survives a restart, and a test can tell that an e-mail
 * sent before a crash is not sent again after it.
 *
 * The package keeps its store in memory and calls its own exports `saveEmail`/`clearStore` through
 * the module object; wrapping those two exports is how the file learns about every change.
 *
 * Every request, the sending calls included, passes ./local-only.ts first: a web page must neither
 * read the inbox nor send through it.
 */
import { closeSync, existsSync, ftruncateSync, openSync, readFileSync, writeSync } from "node:fs";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import { guardLocalOnly } from "./local-only";
import { closeServer, keepIdleConnections } from "./net";

const require = createRequire(import.meta.url);

/** An e-mail as aws-ses-v2-local stores it (GET /store -> { emails }). */
export interface StoredEmail {
  messageId: string;
  from: string;
  replyTo: string[];
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  at: number;
  /** When the stand-in took it, in epoch milliseconds (`at` has only seconds): the lead-time bench reads it. */
  receivedAtMs?: number;
  [other: string]: unknown;
}

interface SesStoreModule {
  saveEmail: (email: StoredEmail) => void;
  clearStore: () => void;
  getStoreReadonly: () => { emails: StoredEmail[] };
}

interface SesServerModule {
  default: (config: { host: string; port: number }) => Promise<Server>;
}

let persistenceInstalled = false;
/** The inbox file, open for appending while a stand-in runs: one write per e-mail, no open and close. */
let inboxFd: number | undefined;

function writeAll(fd: number, bytes: Buffer): void {
  for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
}

function installPersistence(store: SesStoreModule): void {
  if (persistenceInstalled) return;
  persistenceInstalled = true;
  const saveEmail = store.saveEmail;
  const clearStore = store.clearStore;
  store.saveEmail = (email) => {
    email.receivedAtMs = Date.now();
    // Written before SES answers the SendEmail call: an e-mail the worker saw as sent is on disk.
    if (inboxFd !== undefined) writeAll(inboxFd, Buffer.from(`${JSON.stringify(email)}\n`));
    saveEmail(email);
  };
  store.clearStore = () => {
    if (inboxFd !== undefined) ftruncateSync(inboxFd, 0);
    clearStore();
  };
}

export interface LocalSes {
  readonly url: string;
  /** How many e-mails the inbox holds. */
  count(): number;
  /**
   * Removes and returns every e-mail in the inbox at once (memory and file): the soak bench moves
   * them out so that the stand-in's ever-growing inbox does not count as the runtime's memory.
   */
  take(): StoredEmail[];
  /** Also answers requests naming this port in Host: a relay in front of the stand-in (LOCAL_FAULTS). */
  allowRelayPort(port: number): void;
  close(): Promise<void>;
}

export async function startSes(options: {
  host: string;
  port: number;
  inboxFile?: string;
}): Promise<LocalSes> {
  const store = require("aws-ses-v2-local/dist/store") as SesStoreModule;
  const { default: server } = require("aws-ses-v2-local") as SesServerModule;
  installPersistence(store);
  const inboxFile = options.inboxFile;
  const emails = store.getStoreReadonly().emails;
  emails.length = 0;
  if (inboxFile && existsSync(inboxFile)) {
    for (const line of readFileSync(inboxFile, "utf8").split("\n")) {
      if (!line.trim()) continue;
      try {
        emails.push(JSON.parse(line) as StoredEmail);
      } catch {
        // A line torn by a killed process: that send never got its answer, so it is retried.
      }
    }
  }
  const http = await server({ host: options.host, port: options.port });
  keepIdleConnections(http);
  // Appending (O_APPEND): after a truncation the next e-mail is written at the start again.
  if (inboxFile) inboxFd = openSync(inboxFile, "a", 0o600);
  const address = http.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const guard = guardLocalOnly(http);
  return {
    url: `http://${options.host}:${port}`,
    count: () => emails.length,
    take() {
      if (inboxFd !== undefined) ftruncateSync(inboxFd, 0);
      return emails.splice(0);
    },
    allowRelayPort: (relayPort) => guard.allowPort(relayPort),
    async close() {
      await closeServer(http);
      if (inboxFd !== undefined) closeSync(inboxFd);
      inboxFd = undefined;
    },
  };
}
