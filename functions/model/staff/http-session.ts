/**
 * The session as the HTTP handlers see it: reading the cookie, and a middleware that admits only a
 * signed-in staff member to a route (401 otherwise) and renews the cookie on use.
 */
import type { MiddlewareObj } from "@middy/core";
import { AUTH_MESSAGES } from "../../../events/auth";
import { STAFF_MESSAGES, type StaffRole, type StaffUserView } from "../../../events/staff";
import { systemClock } from "../../lib/clock";
import { requireEnv } from "../../lib/env";
import {
  type ApiEvent,
  type ApiRequest,
  type ApiResult,
  apiRequestOf,
  HttpError,
  headerValues,
  jsonResponse,
  withCookies,
} from "../../lib/http";
import type { Logger } from "../../lib/log";
import { tableName } from "../tables";
import type { LoginDependencies } from "./auth-deps";
import { logAuthFailure } from "./auth-log";
import { type AuthenticateDependencies, type AuthenticateOutcome, authenticate } from "./authenticate";
import { documentClient } from "./clients";
import { sessionCookie, sessionTokenFrom } from "./cookie";
import { sessionKey } from "./session-key";
import type { IssuedToken, Session } from "./session-token";

/** Everything the auth code needs, from the environment. */
export async function authDependencies(log: Logger): Promise<LoginDependencies> {
  return {
    db: documentClient(),
    tables: { users: tableName("users"), authState: tableName("authState"), audit: tableName("audit") },
    key: await sessionKey(),
    clock: systemClock,
    mfaRequired: requireEnv("MFA_REQUIRED"),
    log,
  };
}

/**
 * What checking a session needs, and no more: a function that only reads sessions (the lead
 * lists) has no audit table in its environment (functions/registry.ts).
 */
async function sessionDependencies(): Promise<AuthenticateDependencies> {
  return {
    db: documentClient(),
    tables: { users: tableName("users"), authState: tableName("authState") },
    key: await sessionKey(),
    clock: systemClock,
  };
}

export function sessionTokenOf(event: Pick<ApiEvent, "headers" | "multiValueHeaders">): string | undefined {
  return sessionTokenFrom(headerValues(event, "cookie").flatMap((value) => value.split(";")));
}

/** Authenticates the request; logs a failure that is not simply "no cookie". */
export async function sessionOf(request: ApiRequest): Promise<AuthenticateOutcome> {
  const outcome = await authenticate(await sessionDependencies(), sessionTokenOf(request.event));
  if (!outcome.ok && outcome.reason !== "no_session") {
    logAuthFailure(request.log, {
      reason: outcome.reason,
      username: outcome.username,
      ip: request.clientIp,
      route: request.route,
    });
  }
  return outcome;
}

/** The Set-Cookie value that carries a renewed token, if the session was renewed. */
export function renewedCookie(outcome: AuthenticateOutcome): string | undefined {
  if (!outcome.ok || !outcome.renewed) return undefined;
  const { token, session } = outcome.renewed;
  return sessionCookie(token, session.expiresAt - Math.floor(Date.now() / 1000));
}

/** 200 `{ user }` with a new session's cookie: the answer of every sign-in (password, passkey). */
export function signedInResponse(request: ApiRequest, issued: IssuedToken, user: StaffUserView): ApiResult {
  request.logFields.username = issued.session.username;
  return withCookies(
    jsonResponse(200, { user }),
    sessionCookie(issued.token, issued.session.expiresAt - issued.session.issuedAt),
  );
}

export function addCookie(result: ApiResult, cookie: string | undefined): ApiResult {
  return withCookies(result, cookie);
}

const SESSION_LOCAL = "session";
const USER_LOCAL = "user";
const RENEWAL_LOCAL = "sessionCookie";

/** The signed-in staff member of a route behind `requireSession()`. */
export function signedInSession(request: ApiRequest): Session {
  const session = request.locals[SESSION_LOCAL] as Session | undefined;
  if (!session) throw new Error("signedInSession() used on a route without requireSession()");
  return session;
}

/** The signed-in staff member's account as read on this request (role, address). */
export function signedInUser(request: ApiRequest): StaffUserView {
  const user = request.locals[USER_LOCAL] as StaffUserView | undefined;
  if (!user) throw new Error("signedInUser() used on a route without requireSession()");
  return user;
}

/**
 * Middleware: 401 `{ error: "Please sign in" }` without a valid session; with `role: "admin"`, 403
 * for a signed-in member of another role. The role is read from the account on every request
 * (functions/model/staff/authenticate.ts), so a demotion counts from the next request. Renews the cookie.
 */
export function requireSession(
  options: { readonly role?: StaffRole } = {},
): MiddlewareObj<ApiEvent, ApiResult> {
  return {
    before: async ({ event }) => {
      const request = apiRequestOf(event);
      const outcome = await sessionOf(request);
      if (!outcome.ok) {
        throw new HttpError(
          401,
          { error: AUTH_MESSAGES.signInRequired },
          {},
          `unauthenticated_${outcome.reason}`,
        );
      }
      if (options.role && outcome.user.role !== options.role) {
        logAuthFailure(request.log, {
          reason: "not_admin",
          username: outcome.session.username,
          ip: request.clientIp,
          route: request.route,
        });
        throw new HttpError(403, { error: STAFF_MESSAGES.adminOnly }, {}, "forbidden_role");
      }
      request.locals[SESSION_LOCAL] = outcome.session;
      request.locals[USER_LOCAL] = outcome.user;
      request.locals[RENEWAL_LOCAL] = renewedCookie(outcome);
      request.logFields.username = outcome.session.username;
    },
    after: (handler) => {
      const cookie = apiRequestOf(handler.event).locals[RENEWAL_LOCAL] as string | undefined;
      if (handler.response) handler.response = addCookie(handler.response, cookie);
    },
  };
}
