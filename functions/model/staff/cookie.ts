/**
 * The session cookie. `__Host-` means: Secure, Path=/, no Domain — the browser enforces it, so the
 * cookie cannot be set or shadowed by a sibling subdomain. HttpOnly keeps it from scripts and
 * SameSite=Strict keeps it off cross-site requests.
 */
export const SESSION_COOKIE = "__Host-session";

const ATTRIBUTES = "Path=/; HttpOnly; Secure; SameSite=Strict";

export function sessionCookie(token: string, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${token}; ${ATTRIBUTES}; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; ${ATTRIBUTES}; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

/**
 * The session token from the request's cookie pairs (every Cookie header's value split at ";"),
 * or a raw Cookie header.
 * With several cookies of that name (which `__Host-` should prevent) none is trusted.
 */
export function sessionTokenFrom(
  cookies: readonly string[] | undefined,
  cookieHeader?: string,
): string | undefined {
  const pairs = [...(cookies ?? []), ...(cookieHeader ? cookieHeader.split(";") : [])];
  const values = new Set<string>();
  for (const pair of pairs) {
    const equals = pair.indexOf("=");
    if (equals === -1) continue;
    if (pair.slice(0, equals).trim() === SESSION_COOKIE) values.add(pair.slice(equals + 1).trim());
  }
  if (values.size !== 1) return undefined;
  const [value] = values;
  return value || undefined;
}
