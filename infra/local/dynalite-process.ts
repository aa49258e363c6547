/**
 * dynalite (+ TransactWriteItems) as a process of its own, so that its LevelDB work and the
 * transaction emulation run on another core than the runtime's handlers and workers
 * (docs/decisions/0008-dynalite-in-its-own-process.md). Started by ./dynamo.ts:
 *   argv: <port> <host> [<LevelDB folder>]  (no folder: in memory)
 * prints "READY <port>" once listening, and stops when its stdin closes — when the parent ends it
 * or dies (even by SIGKILL), so no orphan keeps the data folder's lock. Ctrl-C in a terminal
 * reaches the whole process group: SIGINT is ignored here, the parent decides when to stop.
 *
 * Every request passes ./local-only.ts first (a loopback Host with this server's port, nothing
 * cross-site). A line "ALLOW <port>" on stdin adds a relay's port (LOCAL_FAULTS), answered with
 * "ALLOWED <port>" once it counts.
 */
import { createInterface } from "node:readline";
import { dynaliteWithTransactions, LIST_TABLES_HEADERS } from "./dynalite-transactions";
import { guardLocalOnly } from "./local-only";
import { closeServer, listen } from "./net";

const [portArgument = "0", host = "127.0.0.1", dataPath] = process.argv.slice(2);
const server = dynaliteWithTransactions({
  path: dataPath || undefined,
  createTableMs: 0,
  deleteTableMs: 0,
  updateTableMs: 0,
});
const guard = guardLocalOnly(server);

process.on("SIGINT", () => {});
let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  // A hung close must not keep the lock forever.
  setTimeout(() => process.exit(1), 10_000).unref();
  // dynalite's close also closes its LevelDB, releasing the lock on the data folder.
  closeServer(server).then(
    () => process.exit(0),
    () => process.exit(1),
  );
}
process.stdin.on("end", stop);
process.stdin.on("error", stop);
createInterface({ input: process.stdin }).on("line", (line) => {
  const allow = /^ALLOW (\d+)$/.exec(line);
  if (!allow) return;
  guard.allowPort(Number(allow[1]));
  process.stdout.write(`ALLOWED ${allow[1]}\n`);
});
process.stdin.resume();

/** LevelDB opens lazily: one request shows whether the folder could be opened (not locked). */
async function storeOpens(port: number): Promise<void> {
  // Listening on every address, it is asked on the loopback one (a Host the guard accepts).
  const name = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  const response = await fetch(`http://${name.includes(":") ? `[${name}]` : name}:${port}/`, {
    method: "POST",
    headers: LIST_TABLES_HEADERS,
    body: "{}",
  });
  if (!response.ok) throw new Error(`the store did not open: ${await response.text()}`);
}

listen(server, Number(portArgument), host)
  .then(async (port) => {
    await storeOpens(port);
    process.stdout.write(`READY ${port}\n`);
  })
  .catch((error: unknown) => {
    process.stderr.write(
      `dynalite did not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
