/**
 * Where a lead listing's page ends: the last record's `createdAt` and id, opaque to the browser
 * (base64url JSON), and the order listings are read in.
 */
export interface Cursor {
  readonly createdAt: string;
  readonly id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id]), "utf8").toString("base64url");
}

export function decodeCursor(text: string): Cursor | undefined {
  try {
    const value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return undefined;
    const [createdAt, id] = value;
    if (typeof createdAt !== "string" || typeof id !== "string" || createdAt.length > 40 || id.length > 200)
      return undefined;
    return { createdAt, id };
  } catch {
    return undefined;
  }
}

/** Newest first; ties broken by id so that the order (and the cursor) is total. */
export function newerFirst(a: Cursor, b: Cursor): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export const olderFirst = (a: Cursor, b: Cursor) => newerFirst(b, a);
