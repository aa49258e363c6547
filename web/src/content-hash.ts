/**
 * The API's functions sit behind CloudFront with Origin Access Control on Lambda function URLs
 * (docs/decisions/0055): for a POST or PUT, AWS requires the client to send the SHA-256 of the body
 * in `x-amz-content-sha256` (CloudFront signs it but does not compute it). Every JSON body the
 * site sends goes through here, so the bytes hashed are the bytes sent.
 */
export const CONTENT_HASH_HEADER = "x-amz-content-sha256";

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** SHA-256 of no bytes: what a request without a body (a POST to log out, a DELETE) sends. */
export const EMPTY_BODY_HASH = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

/** The JSON text of `value` and the headers that go with it. */
export async function jsonBody(value: unknown): Promise<{ body: string; headers: Record<string, string> }> {
  const body = JSON.stringify(value);
  return {
    body,
    headers: { "content-type": "application/json", [CONTENT_HASH_HEADER]: await sha256Hex(body) },
  };
}
