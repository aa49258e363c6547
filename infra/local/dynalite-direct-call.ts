/**
 * Calls into a dynalite server's own code, in this process: its request validations and actions
 * run directly on its store (the LevelDB-backed object every action takes) — the same code its
 * HTTP handler runs after parsing a request, minus the HTTP round trip, JSON and signature check.
 * Errors come back as DynamoDB's wire errors.
 */
import type { Server } from "node:http";
import { createRequire } from "node:module";
import dynalite, { type DynaliteOptions } from "dynalite";
import { cacheTableDescriptions, type TableDescriptionStore } from "./dynalite-table-cache";

/** A DynamoDB error as the wire carries it: its type (`ConditionalCheckFailedException`, …) and message. */
export class WireError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** One DynamoDB operation (`PutItem`, `DescribeTable`, …) with its JSON input, answered by dynalite. */
export type Call = (operation: string, input: Record<string, unknown>) => Promise<Record<string, unknown>>;

/**
 * Whether the item at `Key` meets `ConditionExpression` now, decided by dynalite's own condition
 * code, writing nothing: resolves, or rejects with ConditionalCheckFailedException (or dynalite's
 * ValidationException for a bad expression).
 */
export type CheckCondition = (input: {
  TableName: string;
  Key: Record<string, unknown>;
  ConditionExpression: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}) => Promise<void>;

/** What a transaction runs on: dynalite's actions and its condition check, called directly. */
export interface DirectStore {
  readonly call: Call;
  readonly checkCondition: CheckCondition;
}

/** dynalite's internals the actions are run with: its store, its request validations and its actions. */
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
const dynaliteDb = requireDynalite("dynalite/db/index.js") as {
  create(options: unknown): DynaliteStore;
  checkConditional(data: unknown, existingItem: unknown): DynaliteError | null | undefined;
};
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
function directCaller(store: DynaliteStore): DirectStore {
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
  const validated = (operation: string, input: Record<string, unknown>) => {
    const { validation } = operationFor(operation);
    // A copy, as the JSON of an HTTP request would be: nothing the action keeps is shared.
    const data = dynaliteValidations.checkTypes(structuredClone(input), validation.types);
    dynaliteValidations.checkValidations(data, validation.types, validation.custom, store);
    return data;
  };
  const run = (operation: string, data: Record<string, unknown>) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      operationFor(operation).action(store, data, (error, result) => {
        if (error) reject(wireErrorOf(error));
        else resolve(result ?? {});
      });
    });
  const call: Call = async (operation, input) => {
    let data: Record<string, unknown>;
    try {
      data = validated(operation, input);
    } catch (error) {
      throw wireErrorOf(error);
    }
    return run(operation, data);
  };
  const checkCondition: CheckCondition = async (input) => {
    // DeleteItem's validation parses a key and a condition, as a conditional delete would; the
    // expression then goes to dynalite's own evaluation against the item as it is, read by
    // GetItem's action with that validated key (dynalite's actions check the key on the table).
    let data: Record<string, unknown>;
    try {
      data = validated("DeleteItem", input);
    } catch (error) {
      throw wireErrorOf(error);
    }
    const { Item } = await run("GetItem", { TableName: data.TableName, Key: data.Key, ConsistentRead: true });
    const refused = dynaliteDb.checkConditional(data, Item);
    if (refused) throw wireErrorOf(refused);
  };
  return { call, checkCondition };
}

/**
 * A dynalite server and a caller of its actions on its store. The store is captured as dynalite
 * creates it (dynalite/index.js calls `db.create(options)`).
 */
export function dynaliteWithDirectCall(options: DynaliteOptions): DirectStore & { server: Server } {
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
  // Its table descriptions, read on every request, kept in memory (./dynalite-table-cache.ts).
  cacheTableDescriptions((store as unknown as { tableDb: TableDescriptionStore }).tableDb);
  return { server, ...directCaller(store) };
}
