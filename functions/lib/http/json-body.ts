import { LIMITS } from "../../../events/limits";
import { badRequest, HttpError, MESSAGES } from "./errors";
import type { ApiEvent } from "./event";
import { header } from "./headers";

/** Deepest nesting a request body may have; our bodies are flat objects. */
export const MAX_JSON_DEPTH = 8;

/** Keys that could reach an object's prototype if some later code merged the body into an object. */
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** A lone surrogate or U+FFFD (what a decoder put in place of bytes that were not UTF-8). */
const NOT_UTF8 = /[\uD800-\uDFFF\uFFFD]/u;

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** `application/json`, with or without parameters such as `charset=utf-8`; nothing else. */
export function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  const [mediaType, ...parameters] = value.split(";");
  if (mediaType?.trim().toLowerCase() !== "application/json") return false;
  return parameters.every((parameter) => {
    const [name, charset] = parameter.split("=").map((part) => part.trim().toLowerCase());
    return name !== "charset" || charset === "utf-8" || charset === '"utf-8"' || charset === "utf8";
  });
}

/** The body as text, rejecting one over the size limit and bytes that are not UTF-8. */
export function bodyText(event: Pick<ApiEvent, "body" | "isBase64Encoded">, maxBytes: number): string {
  const raw = event.body ?? "";
  if (event.isBase64Encoded) {
    const bytes = Buffer.from(raw, "base64");
    if (bytes.length > maxBytes) throw new HttpError(413, { error: MESSAGES.tooLarge }, {}, "body_too_large");
    try {
      return utf8.decode(bytes);
    } catch {
      throw badRequest(MESSAGES.invalidUtf8, "invalid_utf8");
    }
  }
  if (Buffer.byteLength(raw, "utf8") > maxBytes) {
    throw new HttpError(413, { error: MESSAGES.tooLarge }, {}, "body_too_large");
  }
  return raw;
}

/**
 * Walks the parsed body without recursion (a hostile body must not exhaust the stack): fails on
 * nesting deeper than MAX_JSON_DEPTH and on text that is not well-formed Unicode (a "\ud800"
 * escape yields a lone surrogate that no UTF-8 store or e-mail can carry); drops UNSAFE_KEYS.
 */
function inspect(root: object): void {
  const stack: [unknown, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current === "string") {
      if (NOT_UTF8.test(current)) throw badRequest(MESSAGES.invalidUtf8, "invalid_utf8");
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (depth > MAX_JSON_DEPTH) throw badRequest(MESSAGES.tooDeep, "too_deep");
    const record = current as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (NOT_UTF8.test(key)) throw badRequest(MESSAGES.invalidUtf8, "invalid_utf8");
      if (UNSAFE_KEYS.has(key)) {
        delete record[key];
        continue;
      }
      stack.push([record[key], depth + 1]);
    }
  }
}

/**
 * Parses a request body that must be one JSON object. Every kind of bad input becomes an
 * HttpError (400/413/415), never an exception that would turn into a 5xx:
 * wrong media type, too large, not UTF-8, not JSON, not an object, nested too deeply.
 * Prototype-reaching keys (`__proto__`, `constructor`, `prototype`) are dropped.
 */
export function parseJsonObject(
  event: Pick<ApiEvent, "body" | "isBase64Encoded" | "headers">,
  maxBytes: number = LIMITS.bodyBytes,
): Record<string, unknown> {
  const contentLength = Number(header(event, "content-length"));
  if (Number.isFinite(contentLength) && contentLength > maxBytes) {
    throw new HttpError(413, { error: MESSAGES.tooLarge }, {}, "body_too_large");
  }
  if (!isJsonContentType(header(event, "content-type"))) {
    throw new HttpError(415, { error: MESSAGES.unsupportedMediaType }, {}, "unsupported_media_type");
  }
  const text = bodyText(event, maxBytes);
  if (NOT_UTF8.test(text)) throw badRequest(MESSAGES.invalidUtf8, "invalid_utf8");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest(MESSAGES.invalidJson, "invalid_json");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw badRequest(MESSAGES.notAnObject, "not_an_object");
  }
  inspect(parsed);
  return parsed as Record<string, unknown>;
}
