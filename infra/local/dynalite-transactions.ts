/**
 * dynalite 4 does not implement TransactWriteItems, which the submission handlers use to write a
 * record and its outbox event together. This adds it to a dynalite server, in front of dynalite's
 * own request handler: the actions run as ordinary conditional writes through dynalite's own
 * validations and actions, called directly on its store (no HTTP round trip per action; dynalite
 * evaluates every condition and validation itself), and if one is rejected, the ones already
 * applied are rolled back from their before-images and the caller gets DynamoDB's
 * TransactionCanceledException with one CancellationReason per action.
 *
 * Transactions that touch a common item are serialised by item locks; others run side by side.
 * Every condition is checked before anything is written, so a transaction a condition cancels is
 * never seen, even for a moment. Plain writes are not held back while a transaction runs, which a
 * single-process development store can live with: the guarantee the product relies on — a record
 * and its outbox event are both written or neither — holds.
 *
 * This file routes the requests; a transaction runs in infra/local/dynalite-transact-write.ts,
 * under infra/local/item-locks.ts, its actions called through infra/local/dynalite-direct-call.ts.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { DynaliteOptions } from "dynalite";
import { type DirectStore, dynaliteWithDirectCall, WireError } from "./dynalite-direct-call";
import { transactWrite } from "./dynalite-transact-write";
import { keepIdleConnections } from "./net";

const API = "DynamoDB_20120810";
const MARKER = Symbol.for("repdesk.dynalite.transactions");

/** The headers of a plain ListTables call (dynalite checks the shape of the signature, not its value). */
export const LIST_TABLES_HEADERS = {
  "content-type": "application/x-amz-json-1.0",
  "x-amz-target": `${API}.ListTables`,
  "x-amz-date": "20250101T000000Z",
  authorization:
    "AWS4-HMAC-SHA256 Credential=local/20250101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0",
} as const;

/**
 * A dynalite server that answers TransactWriteItems, its actions run directly on dynalite's store
 * (infra/local/dynalite-direct-call.ts).
 */
export function dynaliteWithTransactions(options: DynaliteOptions): Server {
  const { server, ...store } = dynaliteWithDirectCall(options);
  keepIdleConnections(server);
  return addTransactionSupport(server, store);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/x-amz-json-1.0",
    "content-length": Buffer.byteLength(text),
    "x-amzn-requestid": crypto.randomUUID(),
  });
  response.end(text);
}

/** Makes a dynalite server answer TransactWriteItems. Calling it twice on one server is harmless. */
function addTransactionSupport(server: Server, store: DirectStore): Server {
  const marked = server as Server & { [MARKER]?: true };
  if (marked[MARKER]) return server;
  marked[MARKER] = true;
  const dynaliteHandlers = server.listeners("request") as ((
    req: IncomingMessage,
    res: ServerResponse,
  ) => void)[];
  server.removeAllListeners("request");
  const keyCache = new Map<string, string[]>();

  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== "POST" || request.headers["x-amz-target"] !== `${API}.TransactWriteItems`) {
      for (const handle of dynaliteHandlers) handle.call(server, request, response);
      return;
    }
    const run = async () => {
      try {
        const input = JSON.parse(await readBody(request));
        send(response, 200, await transactWrite(store, input, keyCache));
      } catch (error) {
        if (error instanceof WireError) {
          send(response, 400, {
            __type: `com.amazonaws.dynamodb.v20120810#${error.type}`,
            message: error.message,
            ...error.extra,
          });
        } else {
          send(response, 500, {
            __type: "com.amazonaws.dynamodb.v20120810#InternalServerError",
            message: String(error),
          });
        }
      }
    };
    void run();
  });
  return server;
}
