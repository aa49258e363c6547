/**
 * One claim per staff address keeps addresses unique across members (docs/decisions/0081): an item
 * `staff-address#<canonical address>` -> `{ username }` in the auth-state table (not in the Users
 * table, whose scan is the member list). Every write that gives an account an address takes the
 * claim in the same transaction (functions/model/staff/users.ts create and changeEmail, accepting an
 * invitation), so two members can never hold one address, even when they ask at the same moment.
 */
import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { isConditionalCheckFailed } from "../../lib/aws-errors";
import { HttpError } from "../../lib/http/errors";
import type { TransactItem } from "../../lib/transact";
import { staffKey } from "../identity";
import { TABLES, tableName } from "../tables";

export const ADDRESS_TAKEN_MESSAGE = "Another staff member already uses this e-mail address.";

/** Another member already holds this address: 409 with the e-mail field's error. */
export class AddressTakenError extends HttpError {
  constructor(readonly address: string) {
    super(
      409,
      { error: ADDRESS_TAKEN_MESSAGE, fieldErrors: { email: ADDRESS_TAKEN_MESSAGE } },
      {},
      "address_taken",
    );
    this.name = "AddressTakenError";
  }
}

export const ADDRESS_CLAIM_PREFIX = "staff-address#";
export const addressClaimKey = (address: string) => ({ pk: `${ADDRESS_CLAIM_PREFIX}${staffKey(address)}` });

export interface AddressClaim {
  readonly pk: string;
  /** The account that holds the address. */
  readonly username: string;
}

/**
 * Where a users table's address claims live: the auth-state table beside it. Every store names its
 * tables `<prefix><id>` (infra/constructs/data.ts, infra/local/tables.ts, the tests' dynalite), so
 * the neighbour of `repdesk-prod-Users` is `repdesk-prod-Ephemeral`; a name of another shape falls
 * back to the function's AUTH_STATE_TABLE.
 */
export function claimsTableBeside(usersTable: string): string {
  const suffix = TABLES.users.id;
  return usersTable.endsWith(suffix)
    ? `${usersTable.slice(0, -suffix.length)}${TABLES.authState.id}`
    : tableName("authState");
}

/** Whether an account already answers to this canonical address (its username or its e-mail). */
export function holdsAddress(user: { readonly username: string; readonly email?: string }, address: string) {
  return (
    staffKey(user.username) === address || (user.email !== undefined && staffKey(user.email) === address)
  );
}

/** The claims of one store; addresses given here are canonical (functions/model/identity.ts). */
export class AddressClaims {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    readonly table: string,
  ) {}

  /** The transaction item that gives `address` to `username`; it fails when another holds it. */
  put(address: string, username: string): TransactItem {
    return {
      Put: {
        TableName: this.table,
        Item: { ...addressClaimKey(address), username } satisfies AddressClaim,
        ConditionExpression: "attribute_not_exists(pk) OR username = :username",
        ExpressionAttributeValues: { ":username": username },
      },
    };
  }

  /** The transaction item that fails when any account holds `address`. */
  freeCheck(address: string): TransactItem {
    return {
      ConditionCheck: {
        TableName: this.table,
        Key: addressClaimKey(address),
        ConditionExpression: "attribute_not_exists(pk)",
      },
    };
  }

  /** The transaction item that lets `username` give `address` up (it fails if another holds it). */
  release(address: string, username: string): TransactItem {
    return {
      Delete: {
        TableName: this.table,
        Key: addressClaimKey(address),
        ConditionExpression: "attribute_not_exists(pk) OR username = :username",
        ExpressionAttributeValues: { ":username": username },
      },
    };
  }

  /** The account that holds the address's claim, if any. */
  async holder(address: string): Promise<string | undefined> {
    const answer = await this.db.send(
      new GetCommand({ TableName: this.table, Key: addressClaimKey(address), ConsistentRead: true }),
    );
    return (answer.Item as AddressClaim | undefined)?.username;
  }

  /** Takes the claim on its own; AddressTakenError when another account holds it. */
  async claim(address: string, username: string): Promise<void> {
    try {
      await this.db.send(new PutCommand(this.put(address, username).Put as NonNullable<TransactItem["Put"]>));
    } catch (error) {
      if (isConditionalCheckFailed(error)) throw new AddressTakenError(address);
      throw error;
    }
  }

  /** Gives the claim up if `username` holds it (no error otherwise). */
  async give(address: string, username: string): Promise<void> {
    try {
      await this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: addressClaimKey(address),
          ConditionExpression: "username = :username",
          ExpressionAttributeValues: { ":username": username },
        }),
      );
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
  }
}
