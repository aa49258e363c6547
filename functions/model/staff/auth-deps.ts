/**
 * What the staff sign-in code receives: its clients, tables, the session key and the clock. Read from
 * the environment once per request by http-session.ts; tests pass their own.
 */
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { Clock } from "../../lib/clock";
import type { Logger } from "../../lib/log";

export interface AuthTables {
  readonly users: string;
  readonly authState: string;
  readonly audit: string;
}

export interface LoginDependencies {
  readonly db: DynamoDBDocumentClient;
  readonly tables: AuthTables;
  readonly key: Uint8Array;
  readonly clock: Clock;
  readonly mfaRequired: boolean;
  readonly log: Logger;
  /**
   * Called when a wrong password locks the account for an address, and once per window when its
   * failures from all addresses reach the alert level (the callee keeps it to one e-mail per window).
   */
  readonly onAccountUnderAttack?: (attack: AccountUnderAttack) => Promise<void>;
}

export interface AccountUnderAttack {
  /** The stored username. */
  readonly username: string;
  /** The owner's address on the account, if any. */
  readonly email: string | undefined;
  /** The address of the attempt that reached the alert level. */
  readonly ip: string | undefined;
  readonly at: Date;
}
