/** What the signup and contact forms share: the one-per-form submission id, the POST, the failure alert. */
import { FILL_MS_MAX } from "../../../events/limits";
// Never events/fields.ts: it builds zod schemas, which the forms load only once a person types.
import { WAF_TOKEN_HEADER } from "../../../events/waf-token";
import { tokenForSubmit } from "./wafToken";

export const SUBMIT_ERROR_ALERT = "There was an error submitting your form. Please try again.";

export type SubmitResult =
  | { readonly ok: true; readonly id: string }
  | {
      readonly ok: false;
      readonly status: number;
      readonly fieldErrors?: Record<string, string>;
      /** WAF answered instead of the API ("challenge", "captcha"): the request never reached it. */
      readonly wafAction?: string;
    };

/**
 * POSTs JSON to a same-origin API route (docs/product/http-api.md: 201 {ok,id}; 400 {error, fieldErrors};
 * 429 {error}). A network failure is status 0. An answer of WAF's own (a challenge is a 202 with
 * `x-amzn-waf-action`) is a failure, never a success. Never throws.
 */
export async function postJson(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<SubmitResult> {
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json", Accept: "application/json", ...headers },
      body: JSON.stringify(body),
    });
    const wafAction = response.headers.get("x-amzn-waf-action");
    if (wafAction) return { ok: false, status: response.status, wafAction };
    const answer = (await response.json().catch(() => ({}))) as {
      id?: string;
      fieldErrors?: Record<string, string>;
    };
    if (response.ok) return { ok: true, id: answer.id ?? "" };
    return { ok: false, status: response.status, fieldErrors: answer.fieldErrors };
  } catch (error) {
    console.error("Form submission failed", error);
    return { ok: false, status: 0 };
  }
}

/** A random id, created once per form instance (so a double click or a retry is one lead). */
export function newSubmissionId(): string {
  return crypto.randomUUID();
}

/**
 * POSTs a form with the page's WAF token when one comes in time (./wafToken.ts), without one
 * otherwise. When the edge challenges the token (expired or refused), one retry with a fresh token,
 * or with none if none comes: the edge lets a token-less post through for the server to score.
 */
export async function postForm(path: string, body: unknown): Promise<SubmitResult> {
  const withToken = (token: string | undefined): Record<string, string> =>
    token ? { [WAF_TOKEN_HEADER]: token } : {};
  const result = await postJson(path, body, withToken(await tokenForSubmit()));
  if (result.ok || result.wafAction !== "challenge") return result;
  return postJson(path, body, withToken(await tokenForSubmit({ fresh: true })));
}

/**
 * When the form was shown, on performance.now()'s clock: a form that came in the page's own HTML
 * (the prerendered page, landed on directly) was shown at the first contentful paint, before any
 * script ran; one rendered after a client-side navigation, now.
 */
export function formShownAt(): number {
  const now = performance.now();
  const landing = performance.getEntriesByType("navigation")[0]?.name;
  const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
  const sameDocument = landing !== undefined && new URL(landing).pathname === window.location.pathname;
  return sameDocument && paint !== undefined ? Math.min(paint, now) : now;
}

/** Milliseconds since `shownAt`, as the request schemas take it (events/fields.ts `fillMsField`). */
export function fillMsSince(shownAt: number): number {
  return Math.min(FILL_MS_MAX, Math.max(0, Math.round(performance.now() - shownAt)));
}
