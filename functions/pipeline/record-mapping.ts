import type * as z from "zod";

/**
 * Maps a record (events/) to its DynamoDB item and back. Items carry `kind` (the partition key of
 * the `byCreatedAt` index, so one query lists them newest first) and may carry derived attributes
 * (e.g. for search) that the record does not have: reading parses the record's own fields only.
 */
export function recordMapping<S extends z.ZodObject>(kind: string, schema: S) {
  return {
    kind,
    toItem(record: z.infer<S>): Record<string, unknown> & { id: string; kind: string } {
      return { ...(record as Record<string, unknown>), id: String((record as { id: unknown }).id), kind };
    },
    fromItem(item: Record<string, unknown>): z.infer<S> {
      return schema.parse(item);
    },
  };
}
