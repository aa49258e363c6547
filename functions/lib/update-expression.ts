/**
 * A DynamoDB UpdateExpression written from plain data: the attributes to add to, set and remove.
 * Every attribute name and value goes through a placeholder (#u0, :u0, ...), so any name works —
 * reserved words and names with "#" or "." alike — and a condition's own placeholders (#name,
 * :name, without a digit after the letter u) never collide with these.
 */

export interface AttributeChanges {
  /** Numbers added to attributes (a missing attribute counts as 0). */
  readonly add?: Readonly<Record<string, number>>;
  readonly set?: Readonly<Record<string, unknown>>;
  readonly remove?: readonly string[];
}

export interface WrittenUpdate {
  readonly UpdateExpression: string;
  readonly ExpressionAttributeNames: Record<string, string>;
  /** Absent when nothing is added or set: DynamoDB refuses an empty map. */
  readonly ExpressionAttributeValues?: Record<string, unknown>;
}

export function updateExpression(changes: AttributeChanges): WrittenUpdate {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  let next = 0;
  const name = (attribute: string) => {
    const placeholder = `#u${next}`;
    names[placeholder] = attribute;
    return placeholder;
  };
  const value = (v: unknown) => {
    const placeholder = `:u${next++}`;
    values[placeholder] = v;
    return placeholder;
  };
  const add = Object.entries(changes.add ?? {}).map(([attribute, by]) => `${name(attribute)} ${value(by)}`);
  const set = Object.entries(changes.set ?? {}).map(([attribute, v]) => `${name(attribute)} = ${value(v)}`);
  const remove = (changes.remove ?? []).map((attribute) => {
    const placeholder = name(attribute);
    next++;
    return placeholder;
  });
  const clauses = [
    add.length ? `ADD ${add.join(", ")}` : "",
    set.length ? `SET ${set.join(", ")}` : "",
    remove.length ? `REMOVE ${remove.join(", ")}` : "",
  ].filter(Boolean);
  if (clauses.length === 0) throw new Error("updateExpression: nothing to update");
  return {
    UpdateExpression: clauses.join(" "),
    ExpressionAttributeNames: names,
    ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
  };
}
