/**
 * For the preflight's tests: whether a value fits an AWS API shape, walked with the client's own
 * schema (the `…$` schemas an SDK client exports, e.g. `Rule$` of @aws-sdk/client-wafv2, read through
 * @smithy/core's NormalizedSchema): every member is one of the shape's, every required member is
 * there, blobs are bytes, strings, numbers and booleans are such, lists are arrays. The SDK's own
 * serializer checks none of it: it drops a member it does not know and sends the rest as given.
 * Enum values and a union's one-member rule are beyond what the schema holds.
 */
import { NormalizedSchema } from "@smithy/core/schema";

type SchemaRef = Parameters<typeof NormalizedSchema.of>[0];

/** Members a structure requires: its schema lists them first and gives their count last. */
function requiredMembers(schema: NormalizedSchema): string[] {
  const structure = schema.getSchema() as unknown as readonly unknown[];
  const names = Array.isArray(structure[4]) ? (structure[4] as string[]) : [];
  const count = typeof structure[6] === "number" ? structure[6] : 0;
  return names.slice(0, count);
}

function problems(value: unknown, schema: NormalizedSchema, path: string): string[] {
  if (value === undefined || value === null) return [];
  if (schema.isBlobSchema())
    return value instanceof Uint8Array ? [] : [`${path}: ${typeof value}, not bytes`];
  if (schema.isStringSchema()) return typeof value === "string" ? [] : [`${path}: not a string`];
  if (schema.isNumericSchema()) return typeof value === "number" ? [] : [`${path}: not a number`];
  if (schema.isBooleanSchema()) return typeof value === "boolean" ? [] : [`${path}: not a boolean`];
  if (schema.isListSchema()) {
    if (!Array.isArray(value)) return [`${path}: not a list`];
    return value.flatMap((item, index) => problems(item, schema.getValueSchema(), `${path}[${index}]`));
  }
  if (schema.isStructSchema()) {
    if (typeof value !== "object" || Array.isArray(value) || value instanceof Uint8Array)
      return [`${path}: not a structure`];
    const members = new Map(schema.structIterator());
    const record = value as Record<string, unknown>;
    return [
      ...Object.keys(record)
        .filter((key) => !members.has(key))
        .map((key) => `${path}.${key}: no member of ${schema.getName()}`),
      ...requiredMembers(schema)
        .filter((name) => record[name] === undefined)
        .map((name) => `${path}.${name}: required by ${schema.getName()}, missing`),
      ...[...members].flatMap(([name, member]) => problems(record[name], member, `${path}.${name}`)),
    ];
  }
  return [];
}

/** What of `value` does not fit the shape `schema` (an SDK client's exported `…$` schema). */
export function shapeProblems(value: unknown, schema: SchemaRef, path = "$"): string[] {
  return problems(value, NormalizedSchema.of(schema), path);
}
