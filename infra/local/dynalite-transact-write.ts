/**
 * One TransactWriteItems request run against dynalite: every action an ordinary conditional write
 * (dynalite evaluates each condition and validation itself), under the locks of the items it
 * touches; if one is rejected, the ones already applied are rolled back from their before-images
 * and the caller gets DynamoDB's TransactionCanceledException with one CancellationReason per
 * action.
 */
import { type Call, WireError } from "./dynalite-direct-call";
import { ItemLocks } from "./item-locks";

type AttributeMap = Record<string, unknown>;

/** The locks of the items transactions touch, one set for the process. */
const locks = new ItemLocks();

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

/**
 * Runs one TransactWriteItems request (its JSON input); answers `{}` or throws a WireError.
 * `cache` keeps each table's key attribute names between requests.
 */
export async function transactWrite(
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
