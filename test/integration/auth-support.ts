/** Helpers for the Command Center's HTTP tests against the local runtime. */
import { VIEWER_ADDRESS_HEADER } from "../../functions/lib/http/client-ip";
import { type RuntimeProcess, startRuntime } from "../support/runtime";

export interface HttpAnswer {
  status: number;
  headers: Headers;
  json: Record<string, unknown> | undefined;
  text: string;
  ms: number;
}

export async function call(
  runtime: RuntimeProcess,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; cookie?: string; ip?: string } = {},
): Promise<HttpAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (
    options.body !== undefined &&
    !Object.keys(headers).some((name) => name.toLowerCase() === "content-type")
  ) {
    headers["content-type"] = "application/json";
  }
  if (options.cookie) headers.cookie = options.cookie;
  if (options.ip) headers[VIEWER_ADDRESS_HEADER] = `${options.ip}:4444`;
  const body =
    options.body === undefined
      ? undefined
      : typeof options.body === "string"
        ? options.body
        : JSON.stringify(options.body);
  const started = performance.now();
  const response = await fetch(`${runtime.url}${path}`, { method, headers, body, redirect: "manual" });
  const text = await response.text();
  const ms = performance.now() - started;
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text, ms };
}

/** "name=value" of the session cookie a response sets (for a Cookie header). */
export function sessionCookieOf(answer: HttpAnswer): string {
  const cookie = answer.headers.getSetCookie().find((value) => value.startsWith("__Host-session="));
  if (!cookie) throw new Error(`No session cookie in the answer (${answer.status} ${answer.text})`);
  return cookie.split(";")[0] as string;
}

export async function signIn(
  runtime: RuntimeProcess,
  username: string,
  password: string,
  ip = "203.0.113.200",
) {
  const answer = await call(runtime, "POST", "/api/auth/login", { body: { username, password }, ip });
  if (answer.status !== 200) throw new Error(`Sign-in failed: ${answer.status} ${answer.text}`);
  return sessionCookieOf(answer);
}

/** The one-time token of the newest e-mail to `to` in the local SES inbox (invitation, reset). */
export async function linkTokenFor(runtime: RuntimeProcess, to: string, after = 0): Promise<string> {
  const emails = await runtime.waitFor(async () => {
    const mine = (await runtime.emails()).filter(
      (email) =>
        email.destination.to.some((address) => address.toLowerCase() === to.toLowerCase()) &&
        email.at >= after,
    );
    return mine.length > 0 ? mine : undefined;
  });
  const text = emails[emails.length - 1]?.body.text ?? "";
  const token = /#token=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`No link in the e-mail to ${to}: ${text}`);
  return token;
}

/** The first admin of the staff tests, created by the runtime at start. */
export const FIRST_ADMIN = {
  username: "admin",
  password: "correct horse battery staple",
  email: "admin@example.com",
} as const;

/** The runtime settings that create FIRST_ADMIN at start. */
export const FIRST_ADMIN_ENV = {
  ADMIN_USERNAME: FIRST_ADMIN.username,
  ADMIN_PASSWORD: FIRST_ADMIN.password,
  ADMIN_EMAIL: FIRST_ADMIN.email,
} as const;

/** A runtime with FIRST_ADMIN and client addresses taken from CloudFront-Viewer-Address. */
export function startStaffRuntime(): Promise<RuntimeProcess> {
  return startRuntime({
    env: {
      ...FIRST_ADMIN_ENV,
      TRUST_VIEWER_ADDRESS: "1",
    },
  });
}

/** CPU time the runtime process has used so far (GET /__local/stats), in microseconds. */
export async function runtimeCpuMicroseconds(runtime: RuntimeProcess): Promise<number> {
  const response = await fetch(`${runtime.url}/__local/stats`);
  return ((await response.json()) as { cpuMicroseconds: number }).cpuMicroseconds;
}
