/**
 * The DynamoDB calls this process makes, by operation, since it started counting: GET
 * /__local/stats answers them, and the lead-time bench divides them by its signups. Node's HTTP
 * client announces every request on the `http.client.request.start` diagnostics channel; the SDK
 * names a DynamoDB call's operation in its X-Amz-Target header (`DynamoDB_20120810.PutItem`).
 */
import { subscribe } from "node:diagnostics_channel";
import type { ClientRequest } from "node:http";

const TARGET_PREFIX = "DynamoDB_20120810.";
const counts = new Map<string, number>();
let counting = false;

function onRequest(message: unknown): void {
  const request = (message as { request?: ClientRequest }).request;
  const target = request?.getHeader("x-amz-target");
  if (typeof target !== "string" || !target.startsWith(TARGET_PREFIX)) return;
  const operation = target.slice(TARGET_PREFIX.length);
  counts.set(operation, (counts.get(operation) ?? 0) + 1);
}

/** Starts counting (once per process; later calls change nothing). */
export function countDynamoCalls(): void {
  if (counting) return;
  counting = true;
  subscribe("http.client.request.start", onRequest);
}

/** The calls counted so far, by operation. */
export function dynamoCallCounts(): Record<string, number> {
  return Object.fromEntries(counts);
}
