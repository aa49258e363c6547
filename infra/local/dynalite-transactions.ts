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
 * Plain writes are not held back while a transaction runs, which a single-process development store
 * can live with: the guarantee the product relies on — a record and its outbox event are both
 * written or neither — holds.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import dynalite, { type DynaliteOptions } from "dynalite";

const API = "DynamoDB_20120810";
const MARKER = Symbol.for("repdesk.dynalite.transactions");

type AttributeMap = Record<string, unknown>;

interface WireAction {
  Put?: { TableName: string; Item: AttributeMap } & ConditionFields;
  Update?: { TableName: string; Key: AttributeMap; UpdateExpression: string } & ConditionFields;
  Delete?: { TableName: string; Key: AttributeMap } & ConditionFields;
  ConditionCheck?: { TableName: string; Key: AttributeMap } & ConditionFields;
}

interface ConditionFields {
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: AttributeMap;
  ReturnValuesOnConditionCheckFailure?: "ALL_OLD" | "NONE";
}

class WireError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

type Call = (operation: string, input: Record<string, unknown>) => Promise<Record<string, unknown>>;

/**
 * dynalite's internals the actions are run with: its store (the LevelDB-backed object every action
 * takes), its request validations and its actions — the same code its HTTP handler runs after
 * parsing a request, minus the HTTP round trip, JSON and signature check.
 */
interface DynaliteError {
  readonly statusCode?: number;
  readonly body?: { __type?: string; message?: string; Message?: string };
}
type DynaliteCallback = (error: DynaliteError | null, result?: Record<string, unknown>) => void;
type DynaliteStore = { readonly __store: unique symbol };
type DynaliteAction = (store: DynaliteStore, data: Record<string, unknown>, done: DynaliteCallback) => void;
interface DynaliteValidation {
  readonly types: unknown;
  readonly custom?: unknown;
}

const requireDynalite = createRequire(import.meta.url);
const dynaliteDb = requireDynalite("dynalite/db/index.js") as { create(options: unknown): DynaliteStore };
const dynaliteValidations = requireDynalite("dynalite/validations/index.js") as {
  checkTypes(data: unknown, types: unknown): Record<string, unknown>;
  checkValidations(data: unknown, types: unknown, custom: unknown, store: DynaliteStore): void;
  toLowerFirst(name: string): string;
};

function wireErrorOf(error: unknown): unknown {
  const failure = error as DynaliteError | null;
  if (!failure?.statusCode || !failure.body) return error;
  const type =
    String(failure.body.__type ?? "InternalServerError")
      .split("#")
      .pop() ?? "InternalServerError";
  return new WireError(type, String(failure.body.message ?? failure.body.Message ?? type));
}

/** Runs dynalite's own validation and action for `operation` on its store, in this process. */
function directCaller(store: DynaliteStore): Call {
  const operations = new Map<string, { validation: DynaliteValidation; action: DynaliteAction }>();
  const operationFor = (operation: string) => {
    let found = operations.get(operation);
    if (!found) {
      const name = dynaliteValidations.toLowerFirst(operation);
      found = {
        validation: requireDynalite(`dynalite/validations/${name}.js`) as DynaliteValidation,
        action: requireDynalite(`dynalite/actions/${name}.js`) as DynaliteAction,
      };
      operations.set(operation, found);
    }
    return found;
  };
  return (operation, input) =>
    new Promise((resolve, reject) => {
      try {
        const { validation, action } = operationFor(operation);
        // A copy, as the JSON of an HTTP request would be: nothing the action keeps is shared.
        const data = dynaliteValidations.checkTypes(structuredClone(input), validation.types);
        dynaliteValidations.checkValidations(data, validation.types, validation.custom, store);
        action(store, data, (error, result) => {
          if (error) reject(wireErrorOf(error));
          else resolve(result ?? {});
        });
      } catch (error) {
        reject(wireErrorOf(error));
      }
    });
}

/**
 * A dynalite server that answers TransactWriteItems, its actions run directly on dynalite's store.
 * The store is captured as dynalite creates it (dynalite/index.js calls `db.create(options)`).
 */
export function dynaliteWithTransactions(options: DynaliteOptions): Server {
  const create = dynaliteDb.create;
  let store: DynaliteStore | undefined;
  dynaliteDb.create = (storeOptions) => {
    store = create(storeOptions);
    return store;
  };
  let server: Server;
  try {
    server = dynalite(options);
  } finally {
    dynaliteDb.create = create;
  }
  if (!store)
    throw new Error("dynalite did not create its store through dynalite/db (has dynalite changed?)");
  return addTransactionSupport(server, directCaller(store));
}

interface Prepared {
  readonly kind: keyof WireAction;
  readonly tableName: string;
  readonly key: AttributeMap;
  readonly spec: ConditionFields & Record<string, unknown>;
  before?: AttributeMap;
}

async function keyNames(call: Call, tableName: string, cache: Map<string, string[]>): Promise<string[]> {
  let names = cache.get(tableName);
  if (!names) {
    const { Table } = (await call("DescribeTable", { TableName: tableName })) as {
      Table: { KeySchema: { AttributeName: string }[] };
    };
    names = Table.KeySchema.map((key) => key.AttributeName);
    cache.set(tableName, names);
  }
  return names;
}

function conditionOf(spec: ConditionFields): Record<string, unknown> {
  const condition: Record<string, unknown> = {};
  if (spec.ConditionExpression) condition.ConditionExpression = spec.ConditionExpression;
  if (spec.ExpressionAttributeNames) condition.ExpressionAttributeNames = spec.ExpressionAttributeNames;
  if (spec.ExpressionAttributeValues) condition.ExpressionAttributeValues = spec.ExpressionAttributeValues;
  return condition;
}

/** Applies one action; remembers the item as it was before (ALL_OLD) for a rollback. */
async function apply(call: Call, action: Prepared): Promise<void> {
  const { spec, tableName, key } = action;
  const old = (result: Record<string, unknown>) => {
    action.before = result.Attributes as AttributeMap | undefined;
  };
  switch (action.kind) {
    case "Put":
      old(
        await call("PutItem", {
          TableName: tableName,
          Item: spec.Item,
          ReturnValues: "ALL_OLD",
          ...conditionOf(spec),
        }),
      );
      return;
    case "Update":
      old(
        await call("UpdateItem", {
          TableName: tableName,
          Key: key,
          UpdateExpression: spec.UpdateExpression,
          ReturnValues: "ALL_OLD",
          ...conditionOf(spec),
        }),
      );
      return;
    case "Delete":
      old(
        await call("DeleteItem", {
          TableName: tableName,
          Key: key,
          ReturnValues: "ALL_OLD",
          ...conditionOf(spec),
        }),
      );
      return;
    case "ConditionCheck": {
      // Rewriting the item as it is (or deleting an absent one) under the condition checks it
      // without changing anything.
      const { Item } = await call("GetItem", { TableName: tableName, Key: key, ConsistentRead: true });
      action.before = Item as AttributeMap | undefined;
      if (action.before)
        await call("PutItem", { TableName: tableName, Item: action.before, ...conditionOf(spec) });
      else await call("DeleteItem", { TableName: tableName, Key: key, ...conditionOf(spec) });
      return;
    }
  }
}

async function restore(call: Call, action: Prepared): Promise<void> {
  if (action.kind === "ConditionCheck") return;
  if (action.before) await call("PutItem", { TableName: action.tableName, Item: action.before });
  else await call("DeleteItem", { TableName: action.tableName, Key: action.key });
}

async function transactWrite(
  call: Call,
  input: { TransactItems?: WireAction[] },
  cache: Map<string, string[]>,
) {
  const items = input.TransactItems ?? [];
  if (items.length === 0 || items.length > 100) {
    throw new WireError("ValidationException", "TransactItems must have between 1 and 100 actions");
  }
  const prepared: Prepared[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const kind = (["Put", "Update", "Delete", "ConditionCheck"] as const).find((name) => item[name]);
    const spec =
      kind &&
      (item[kind] as Prepared["spec"] & { TableName: string; Item?: AttributeMap; Key?: AttributeMap });
    if (!kind || !spec)
      throw new WireError("ValidationException", "Each TransactItem must have exactly one action");
    const names = await keyNames(call, spec.TableName, cache);
    const source = (kind === "Put" ? spec.Item : spec.Key) ?? {};
    const key = Object.fromEntries(names.map((name) => [name, source[name]]));
    const identity = identityOf({ tableName: spec.TableName, key });
    if (seen.has(identity)) {
      throw new WireError(
        "ValidationException",
        "Transaction request cannot include multiple operations on one item",
      );
    }
    seen.add(identity);
    prepared.push({ kind, tableName: spec.TableName, key, spec });
  }

  return locks.withLocks(
    prepared.map((action) => identityOf(action)),
    () => applyAll(call, prepared),
  );
}

function identityOf(action: Pick<Prepared, "tableName" | "key">): string {
  return `${action.tableName}|${JSON.stringify(action.key)}`;
}

/** The outcome of an action left out because another was rejected first. */
const NOT_APPLIED = new Error("not applied: another action of the transaction was rejected");

/**
 * Applies the actions (they touch distinct items); if any is rejected, rolls back those that
 * succeeded and reports one cancellation reason per action, as DynamoDB does. The conditional
 * actions go first, and the unconditional ones only once every condition held: reads are not held
 * back, so an outbox event written beside a marker whose condition then fails would otherwise be
 * visible to the relay's sweep until its rollback, and relayed (DynamoDB never shows it).
 */
async function applyAll(call: Call, prepared: Prepared[]): Promise<Record<string, never>> {
  const guarded = (action: Prepared) => action.kind === "ConditionCheck" || !!action.spec.ConditionExpression;
  const results: PromiseSettledResult<void>[] = new Array(prepared.length);
  const settle = async (which: (action: Prepared) => boolean) => {
    const positions = prepared.flatMap((action, index) => (which(action) ? [index] : []));
    const settled = await Promise.allSettled(
      positions.map((index) => apply(call, prepared[index] as Prepared)),
    );
    positions.forEach((index, i) => {
      results[index] = settled[i] as PromiseSettledResult<void>;
    });
    return settled.every((result) => result.status === "fulfilled");
  };
  if (await settle(guarded)) await settle((action) => !guarded(action));
  for (let index = 0; index < prepared.length; index++)
    results[index] ??= { status: "rejected", reason: NOT_APPLIED };
  const failures = results.flatMap((result, index) => (result.status === "rejected" ? [index] : []));
  if (failures.length === 0) return {};
  await Promise.all(
    prepared.filter((_, index) => results[index]?.status === "fulfilled").map((done) => restore(call, done)),
  );
  const conditionFailures = failures.filter((index) => {
    const result = results[index];
    return result?.status === "rejected" && isConditionFailure(result.reason);
  });
  if (conditionFailures.length === 0) {
    const first = failures
      .map((index) => results[index])
      .find((result) => result?.status === "rejected" && result.reason !== NOT_APPLIED);
    throw first?.status === "rejected" ? first.reason : new Error("transaction failed");
  }
  const reasons = await Promise.all(
    prepared.map(async (action, position) => {
      if (!conditionFailures.includes(position)) return { Code: "None" };
      const reason: Record<string, unknown> = {
        Code: "ConditionalCheckFailed",
        Message: "The conditional request failed",
      };
      if (action.spec.ReturnValuesOnConditionCheckFailure === "ALL_OLD") {
        const { Item } = await call("GetItem", {
          TableName: action.tableName,
          Key: action.key,
          ConsistentRead: true,
        });
        if (Item) reason.Item = Item;
      }
      return reason;
    }),
  );
  throw new WireError(
    "TransactionCanceledException",
    `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(", ")}]`,
    { CancellationReasons: reasons },
  );
}

function isConditionFailure(error: unknown): boolean {
  return error instanceof WireError && error.type === "ConditionalCheckFailedException";
}

/**
 * Item locks: a transaction holds the locks of every item it touches until it has committed or
 * rolled back, so two transactions on the same item (a shared counter) never interleave their
 * writes and rollbacks, while transactions on distinct items run side by side.
 */
class ItemLocks {
  private readonly tails = new Map<string, Promise<void>>();

  async withLocks<T>(identities: string[], work: () => Promise<T>): Promise<T> {
    const ordered = [...new Set(identities)].sort(); // one global order: no deadlock
    const releases: (() => void)[] = [];
    for (const identity of ordered) {
      const previous = this.tails.get(identity) ?? Promise.resolve();
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const tail = previous.then(() => held);
      this.tails.set(identity, tail);
      releases.push(() => {
        release();
        if (this.tails.get(identity) === tail) this.tails.delete(identity);
      });
      await previous;
    }
    try {
      return await work();
    } finally {
      for (const release of releases) release();
    }
  }
}

const locks = new ItemLocks();

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
function addTransactionSupport(server: Server, call: Call): Server {
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
        send(response, 200, await transactWrite(call, input, keyCache));
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
