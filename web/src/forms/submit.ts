/** What the signup and contact forms share: the one-per-form submission id, the POST, the failure alert. */

export const SUBMIT_ERROR_ALERT = "There was an error submitting your form. Please try again.";

export type SubmitResult =
  | { readonly ok: true; readonly id: string }
  | { readonly ok: false; readonly status: number; readonly fieldErrors?: Record<string, string> };

/**
 * POSTs JSON to a same-origin API route (docs/product/http-api.md: 201 {ok,id}; 400 {error, fieldErrors};
 * 429 {error}). A network failure is status 0. Never throws.
 */
export async function postJson(path: string, body: unknown): Promise<SubmitResult> {
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
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
