/**
 * The session as the HTTP handlers see it: reading the cookie, and a middleware that admits only a
 * signed-in staff member to a route (401 otherwise) and renews the cookie on use.
 */
import type { MiddlewareObj } from "@middy/core";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { AUTH_MESSAGES } from "../../events";
import { type ApiRequest, type ApiResult, apiRequestOf, HttpError, header } from "../http/middleware";
import { tableName } from "../lib/env";
import type { Logger } from "../lib/log";
import { logAuthFailure } from "./auth-log";
import { type AuthenticateOutcome, authenticate } from "./authenticate";
import { documentClient, systemClock } from "./clients";
import { sessionCookie, sessionTokenFrom } from "./cookie";
import type { LoginDependencies } from "./login";
import { sessionKey } from "./session-key";
import type { Session } from "./session-token";

/** Everything the auth code needs, from the environment. */
export async function authDependencies(log: Logger): Promise<LoginDependencies> {
  return {
    db: documentClient(),
    tables: { users: tableName("users"), ephemeral: tableName("ephemeral"), audit: tableName("audit") },
    key: await sessionKey(),
    now: systemClock,
    mfaRequired: process.env.MFA_REQUIRED === "true",
    log,
  };
}

export function sessionTokenOf(event: APIGatewayProxyEventV2): string | undefined {
  return sessionTokenFrom(event.cookies, header(event, "cookie"));
}

/** Authenticates the request; logs a failure that is not simply "no cookie". */
export async function sessionOf(request: ApiRequest): Promise<AuthenticateOutcome> {
  const deps = await authDependencies(request.log);
  const outcome = await authenticate(deps, sessionTokenOf(request.event));
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

export function addCookie(result: ApiResult, cookie: string | undefined): ApiResult {
  if (!cookie) return result;
  return { ...result, cookies: [...(result.cookies ?? []), cookie] };
}

const SESSION_LOCAL = "session";
const RENEWAL_LOCAL = "sessionCookie";

/** The signed-in staff member of a route behind `requireSession()`. */
export function signedInSession(request: ApiRequest): Session {
  const session = request.locals[SESSION_LOCAL] as Session | undefined;
  if (!session) throw new Error("signedInSession() used on a route without requireSession()");
  return session;
}

/** Middleware: 401 `{ error: "Please sign in" }` without a valid session; renews the cookie after. */
export function requireSession(): MiddlewareObj<APIGatewayProxyEventV2, ApiResult> {
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
      request.locals[SESSION_LOCAL] = outcome.session;
      request.locals[RENEWAL_LOCAL] = renewedCookie(outcome);
      request.logFields.username = outcome.session.username;
    },
    after: (handler) => {
      const cookie = apiRequestOf(handler.event).locals[RENEWAL_LOCAL] as string | undefined;
      if (handler.response) handler.response = addCookie(handler.response, cookie);
    },
  };
}
