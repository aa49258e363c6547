/**
 * One TransactWriteItems request run against dynalite, under the locks of the items it touches:
 * first every condition is checked, writing nothing; only if all hold is each action applied, as
 * an ordinary conditional write (dynalite evaluates each condition and validation itself). If one
 * is rejected then (a plain write changed its item since the check), the ones already applied are
 * rolled back from their before-images. Either way the caller gets DynamoDB's
 * TransactionCanceledException with one CancellationReason per action.
 */
import { type Call, type CheckCondition, type DirectStore, WireError } from "./dynalite-direct-call";
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
    case "ConditionCheck":
      // Checked with every other condition before anything was written; it writes nothing.
      return;
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
  store: DirectStore,
  input: { TransactItems?: WireAction[] },
  cache: Map<string, string[]>,
) {
  const { call } = store;
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
    () => applyAll(store, prepared),
  );
}

function identityOf(action: Pick<Prepared, "tableName" | "key">): string {
  return `${action.tableName}|${JSON.stringify(action.key)}`;
}

/** The outcome of an action left out because another was rejected first. */
const NOT_APPLIED = new Error("not applied: another action of the transaction was rejected");

/** The `#name` and `:value` placeholders an expression uses. */
function placeholdersOf(expression: string): Set<string> {
  return new Set(expression.match(/[#:][A-Za-z0-9_]+/g) ?? []);
}

/** Only the entries of `map` the expression names (DynamoDB refuses unused ones). */
function usedBy<V>(map: Record<string, V> | undefined, used: Set<string>): Record<string, V> | undefined {
  const entries = Object.entries(map ?? {}).filter(([placeholder]) => used.has(placeholder));
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** Checks the action's condition against its item as it is now, writing nothing. */
async function check(checkCondition: CheckCondition, action: Prepared): Promise<void> {
  const { ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues } = action.spec;
  if (!ConditionExpression) return;
  const used = placeholdersOf(ConditionExpression);
  const names = usedBy(ExpressionAttributeNames, used);
  const values = usedBy(ExpressionAttributeValues, used);
  await checkCondition({
    TableName: action.tableName,
    Key: action.key,
    ConditionExpression,
    ...(names ? { ExpressionAttributeNames: names } : {}),
    ...(values ? { ExpressionAttributeValues: values } : {}),
  });
}

/**
 * Checks every condition, then applies the actions (they touch distinct items), as DynamoDB does:
 * a transaction cancelled by a condition writes nothing, not even for a moment. Reads are not held
 * back here, so an outbox event written beside a marker whose condition then failed would be
 * visible to the relay's sweep until its rollback, and relayed: an event for a record that never
 * was. If an action is rejected after the checks (a plain write changed its item meanwhile), those
 * that succeeded are rolled back, and one cancellation reason per action is reported.
 */
async function applyAll(store: DirectStore, prepared: Prepared[]): Promise<Record<string, never>> {
  const { call } = store;
  const checked = await Promise.allSettled(prepared.map((action) => check(store.checkCondition, action)));
  const results: PromiseSettledResult<void>[] = checked.every((result) => result.status === "fulfilled")
    ? await Promise.allSettled(prepared.map((action) => apply(call, action)))
    : checked.map((result) =>
        result.status === "rejected" ? result : { status: "rejected", reason: NOT_APPLIED },
      );
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
