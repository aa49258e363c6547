/**
 * The shapes of functions/registry.ts's entries: plain types, apart from the registry's data so
 * the registry stays one list to read.
 */
import type { DomainEventType } from "../../events/envelopes";
import type { QueueVariable } from "../lib/env";
import type { TableKey } from "./tables";

/**
 * What a function may do to a table (infra/constructs/data.ts turns each into IAM actions):
 * - read: get and query, and a scan only where TABLE_SCANS in functions/registry.ts lists it;
 *   write: put, update, delete, batch write; readWrite: both;
 * - upsert: put and update only (no delete, no batch write, no read);
 * - lookupUpsert: upsert plus get and query (no scan): the public forms, which add and look up
 *   single items and must never remove or sweep anything.
 */
export type TableAccess = "read" | "write" | "readWrite" | "upsert" | "lookupUpsert";

export interface HttpFunctionDefinition {
  /** Logical name; also the bundle folder name. */
  readonly name: string;
  /**
   * The handler: a module relative to functions/ that exports `handler`, or `module#name` for a
   * routes module's named export. The build's generated entry re-exports exactly that.
   */
  readonly entry: string;
  /** "METHOD /path" as API Gateway HTTP API routes; `{id}` marks a path parameter. */
  readonly routes: readonly string[];
  readonly tables: Partial<Record<TableKey, TableAccess>>;
  /** Reads the session signing key (Secrets Manager in AWS). */
  readonly sessionKey?: boolean;
  /** Sends e-mail through SES itself (invitations, password resets). */
  readonly sendsEmail?: boolean;
  readonly webhookKey?: boolean; // seals/opens the integrations' signing secrets (docs/decisions/0091)
}

export interface QueueDefinition {
  readonly name: string;
  /** Environment variable that carries the queue URL to publishers. */
  readonly envVar: QueueVariable;
  /** Event types delivered to this queue. */
  readonly consumes: readonly DomainEventType[];
  /** The worker that drains it. */
  readonly worker: string;
  /** Deliveries before a message moves to the dead-letter queue. */
  readonly maxReceiveCount: number;
}

export interface WorkerDefinition {
  readonly name: string;
  readonly entry: string;
  readonly tables: Partial<Record<TableKey, TableAccess>>;
  /** Sends e-mail through SES. */
  readonly sendsEmail?: boolean;
  /** Files the bundle needs beside the code (e.g. the geo-IP database). */
  readonly assets?: "geoip";
  /** Queues it sends to (their URLs in its environment, and the right to send). */
  readonly queues?: readonly string[];
  /** Reads the session signing key's secret (the notify worker derives the erasure key from it). */
  readonly sessionKey?: boolean;
  readonly webhookKey?: boolean; // opens the integrations' signing secrets (docs/decisions/0091)
}

export interface ScheduledFunctionDefinition extends WorkerDefinition {
  /** How often it runs in AWS (an EventBridge rule). */
  readonly everyMinutes: number;
  /** Environment variable with the local runtime's interval in seconds (default `localSeconds`). */
  readonly localIntervalEnv: string;
  readonly localSeconds: number;
  /** The local runtime also runs it at start, until it reports `done` (before it answers requests). */
  readonly localAtStart?: boolean;
  /** Its time limit in AWS when it is not the workers' (infra/constructs/function.ts FUNCTION_SIZING). */
  readonly timeoutSeconds?: number;
}
