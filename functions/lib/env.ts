/** A required environment variable; a clear error names the missing one. */
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === "") throw new Error(`Environment variable ${name} is not set`);
  return value;
}

/** A non-negative integer from the environment, or the fallback when unset. */
export function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`Environment variable ${name} must be a whole number`);
  return value;
}

/** Runs `create` once, on first use (so tests can set the environment before a handler runs). */
export function once<T>(create: () => T): () => T {
  let value: { current: T } | undefined;
  return () => {
    value ??= { current: create() };
    return value.current;
  };
}
