/** The Command Center's calls to the API (same origin; the session cookie travels by itself). */

import type {
  AccountEmailView,
  AccountSecurityResponse,
  AuthUserResponse,
  ContactListResponse,
  ContactResponse,
  DeskOwnersResponse,
  DeskStatsResponse,
  DeskUpdateRequest,
  DeskUpdateResponse,
  EndedSessionsResponse,
  InvitationPreview,
  InvitationView,
  LeadPlural,
  LeadTimelineResponse,
  MemberUpdateRequest,
  NoteResponse,
  ReplyRequest,
  ReplyResponse,
  ReplyTemplatesResponse,
  SessionView,
  SignupListResponse,
  SignupResponse,
  SignupStatsResponse,
  StaffMember,
  StaffRole,
  StaffUserView,
  TeamResponse,
  TotpStartResponse,
} from "../../../../events";
import type { PasskeyListResponse, PasskeyView } from "../../../../events/passkeys";
import type { NotSpamRequest, NotSpamResponse } from "../../../../events/quarantine";

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiFailure";
  }
}

/** When no server answer arrives at all (offline, DNS, a dropped connection). */
export const NETWORK_FAILURE = "Could not reach the server. Check your connection and try again.";

/** The text to show for a failed call: the server's message, else a general one. */
export function failureMessage(error: unknown, fallback = "Something went wrong. Please try again."): string {
  if (error instanceof ApiFailure) return error.message || fallback;
  return error instanceof TypeError ? NETWORK_FAILURE : fallback;
}

/** The API's field errors of a failed call, by field name (none for any other failure). */
export function fieldErrorsOf(error: unknown): Readonly<Record<string, string>> {
  return error instanceof ApiFailure ? error.fieldErrors : {};
}

/** A failed form's message: nothing when the API named the fields at fault (they show their own). */
export function formFailure(error: unknown, fallback?: string): string {
  if (!error || Object.keys(fieldErrorsOf(error)).length > 0) return "";
  return failureMessage(error, fallback);
}

let unauthorized: (() => void) | undefined;
/**
 * Called when a signed-in call answers 401 (the session expired or was ended elsewhere): the auth
 * state forgets the user, and the protected page sends the browser to the login and back.
 */
export function onUnauthorized(handler: (() => void) | undefined): void {
  unauthorized = handler;
}

function checkSession(status: number, path: string): void {
  if (status === 401 && !path.startsWith("/api/auth/")) unauthorized?.();
}

/** One JSON call; a refusal throws ApiFailure with the server's message and field errors. */
export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      accept: "application/json",
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 204) return undefined as T;
  const json = (await response.json().catch(() => undefined)) as
    | { error?: unknown; fieldErrors?: Record<string, string> }
    | undefined;
  if (!response.ok) {
    checkSession(response.status, path);
    const message = typeof json?.error === "string" ? json.error : "";
    throw new ApiFailure(response.status, message, json?.fieldErrors ?? {});
  }
  return json as T;
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== "") search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

export interface ListParams {
  q?: string;
  teamSize?: string;
  productLines?: string;
  /** Lead desk: a status, "me" / "none" / a username, and "urgency" for most urgent first. */
  status?: string;
  owner?: string;
  sort?: string;
  /**
   * A row of the Sources report: a channel (events/lead-source.ts CHANNELS), with a source, with a
   * campaign (the report's names); the leads it counts there (docs/decisions/0143-channel-filter.md).
   */
  channel?: string;
  source?: string;
  campaign?: string;
  /** Leads that arrived in these team days, both included ("2026-11-29"). */
  from?: string;
  to?: string;
  cursor?: string;
  limit?: number;
}

export const api = {
  currentUser: () => request<AuthUserResponse>("GET", "/api/auth/user"),
  login: (username: string, password: string, code?: string) =>
    request<{ user: StaffUserView }>("POST", "/api/auth/login", {
      username,
      password,
      ...(code ? { code } : {}),
    }),
  logout: () => request<void>("POST", "/api/auth/logout"),
  accountEmail: () => request<AccountEmailView>("GET", "/api/account/email"),
  /** 202 with the change awaiting the link sent to the new address (docs/decisions/0122). */
  setEmail: (email: string, password: string) =>
    request<AccountEmailView>("PUT", "/api/account/email", { email, password }),
  cancelEmailChange: () => request<AccountEmailView>("DELETE", "/api/account/email"),
  confirmEmail: (token: string) =>
    request<{ email: string; message: string }>("POST", "/api/auth/email/confirm", { token }),
  changePassword: (currentPassword: string, newPassword: string) =>
    request<EndedSessionsResponse>("POST", "/api/account/password", { currentPassword, newPassword }),
  sessions: () => request<{ sessions: SessionView[] }>("GET", "/api/account/sessions"),
  endSession: (id: string) => request<void>("DELETE", `/api/account/sessions/${encodeURIComponent(id)}`),
  endOtherSessions: () => request<EndedSessionsResponse>("DELETE", "/api/account/sessions"),
  security: () => request<AccountSecurityResponse>("GET", "/api/account/security"),
  startTotp: (password: string) =>
    request<TotpStartResponse>("POST", "/api/account/totp/start", { password }),
  confirmTotp: (code: string) => request<{ totp: true }>("POST", "/api/account/totp/confirm", { code }),
  removeTotp: (proof: { password?: string; code?: string }) =>
    request<{ totp: false }>("POST", "/api/account/totp/remove", proof),
  passkeys: () => request<PasskeyListResponse>("GET", "/api/account/passkeys"),
  passkeyOptions: (password: string) =>
    request<{ options: unknown }>("POST", "/api/account/passkeys/options", { password }),
  registerPasskey: (response: unknown, name?: string) =>
    request<{ passkey: PasskeyView }>("POST", "/api/account/passkeys", {
      response,
      ...(name ? { name } : {}),
    }),
  renamePasskey: (id: string, name: string) =>
    request<{ passkey: PasskeyView }>("PATCH", `/api/account/passkeys/${encodeURIComponent(id)}`, { name }),
  removePasskey: (id: string, password: string) =>
    request<void>("DELETE", `/api/account/passkeys/${encodeURIComponent(id)}`, { password }),
  passkeySignInOptions: () => request<{ options: unknown }>("POST", "/api/auth/passkey/options", {}),
  passkeySignIn: (response: unknown) =>
    request<{ user: StaffUserView }>("POST", "/api/auth/passkey/verify", { response }),
  signups: (params: ListParams = {}) =>
    request<SignupListResponse>("GET", `/api/admin/signups${query({ ...params })}`),
  signupStats: (boundaries: { todayStart: string; weekStart: string; dayStarts: string[] }) =>
    request<SignupStatsResponse>(
      "GET",
      `/api/admin/signups/stats${query({ ...boundaries, dayStarts: boundaries.dayStarts.join(",") })}`,
    ),
  signup: (id: string) => request<SignupResponse>("GET", `/api/admin/signups/${encodeURIComponent(id)}`),
  deleteSignup: (id: string) => request<void>("DELETE", `/api/admin/signups/${encodeURIComponent(id)}`),
  contacts: (params: ListParams = {}) =>
    request<ContactListResponse>("GET", `/api/admin/contacts${query({ ...params })}`),
  contact: (id: string) => request<ContactResponse>("GET", `/api/admin/contacts/${encodeURIComponent(id)}`),
  deleteContact: (id: string) => request<void>("DELETE", `/api/admin/contacts/${encodeURIComponent(id)}`),
  deskUpdate: (body: DeskUpdateRequest) =>
    request<DeskUpdateResponse>("POST", "/api/admin/desk/update", body),
  deskStats: () => request<DeskStatsResponse>("GET", "/api/admin/desk/stats"),
  notSpam: (body: NotSpamRequest) => request<NotSpamResponse>("POST", "/api/admin/desk/not-spam", body),
  deskOwners: () => request<DeskOwnersResponse>("GET", "/api/admin/desk/owners"),
  timeline: (plural: LeadPlural, id: string) =>
    request<LeadTimelineResponse>("GET", `/api/admin/${plural}/${encodeURIComponent(id)}/timeline`),
  writeNote: (plural: LeadPlural, id: string, text: string, noteId?: string) =>
    request<NoteResponse>("POST", `/api/admin/${plural}/${encodeURIComponent(id)}/notes`, {
      text,
      ...(noteId ? { noteId } : {}),
    }),
  replyTemplates: (kind: "signup" | "contact", id: string) =>
    request<ReplyTemplatesResponse>("GET", `/api/admin/desk/reply-templates${query({ kind, id })}`),
  sendReply: (body: ReplyRequest) => request<ReplyResponse>("POST", "/api/admin/desk/reply", body),
  team: () => request<TeamResponse>("GET", "/api/team"),
  invite: (email: string, role: StaffRole) =>
    request<{ invitation: InvitationView }>("POST", "/api/team/invitations", { email, role }),
  changeInvitation: (id: string, change: "resend" | "revoke") =>
    change === "resend"
      ? request<{ invitation: InvitationView }>(
          "POST",
          `/api/team/invitations/${encodeURIComponent(id)}/resend`,
          {},
        )
      : request<{ invitation: InvitationView }>("DELETE", `/api/team/invitations/${encodeURIComponent(id)}`),
  updateMember: (username: string, change: MemberUpdateRequest) =>
    request<{ member: StaffMember }>("PATCH", `/api/team/members/${encodeURIComponent(username)}`, change),
  resetSecondFactor: (username: string) =>
    request<{ member: StaffMember }>(
      "POST",
      `/api/team/members/${encodeURIComponent(username)}/reset-second-factor`,
      {},
    ),
  checkInvitation: (token: string) =>
    request<InvitationPreview>("POST", "/api/auth/invitation/check", { token }),
  forgotPassword: (login: string) =>
    request<{ message: string }>("POST", "/api/auth/password/forgot", { login }),
  checkPasswordReset: (token: string) => request<object>("POST", "/api/auth/password/check", { token }),
  resetPassword: (token: string, password: string) =>
    request<{ message: string }>("POST", "/api/auth/password/reset", { token, password }),
  notMe: (token: string) => request<{ message: string }>("POST", "/api/auth/not-me", { token }),
  acceptInvitation: (token: string, password: string) =>
    request<{ user: StaffUserView }>("POST", "/api/auth/invitation/accept", { token, password }),
};

/**
 * Downloads the filtered list as CSV. The server answers in chunks (each under 1 MB, the next one
 * named in X-Next-Cursor); they are joined into one file here.
 */
export async function downloadCsv(plural: LeadPlural, params: ListParams): Promise<void> {
  const parts: BlobPart[] = [];
  let cursor: string | undefined;
  do {
    const response = await fetch(
      `/api/admin/${plural}/export.csv${query({ ...params, limit: undefined, cursor })}`,
      {
        credentials: "same-origin",
      },
    );
    if (!response.ok) {
      checkSession(response.status, "/api/admin/");
      throw new ApiFailure(response.status, "Export failed. Please try again.");
    }
    parts.push(await response.arrayBuffer());
    cursor = response.headers.get("X-Next-Cursor") ?? undefined;
  } while (cursor);
  const url = URL.createObjectURL(new Blob(parts, { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `${plural}-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
