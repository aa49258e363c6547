/**
 * Staff accounts of the Command Center, one item per username in USERS_TABLE. An account's address
 * is unique across members: every write that gives one takes its claim in the same transaction
 * (functions/model/staff/address-claims.ts, docs/decisions/0081).
 */
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import type { StaffMember, StaffRole, StaffUserView } from "../../../events/staff";
import { cancellationCodes, isConditionalCheckFailed } from "../../lib/aws-errors";
import { HttpError, MESSAGES } from "../../lib/http/errors";
import {
  isConditionRefused,
  isFirstConditionRefused,
  isTransactionConflict,
  retryTransaction,
} from "../../lib/transact";
import { staffAddress, staffKey, staffUsername } from "../identity";
import { AddressClaims, AddressTakenError, claimsTableBeside, holdsAddress } from "./address-claims";

export {
  ADDRESS_TAKEN_MESSAGE,
  AddressTakenError,
  addressClaimKey,
} from "./address-claims";

/** A registered WebAuthn credential. */
export interface StoredPasskey {
  /** Credential id, base64url. */
  readonly id: string;
  /** COSE public key, base64url. */
  readonly publicKey: string;
  readonly counter: number;
  readonly transports?: readonly string[];
  readonly name: string;
  readonly createdAt: string;
  /** The last sign-in with it; absent until then. */
  readonly lastUsedAt?: string;
}

export interface StaffUser {
  readonly username: string;
  readonly passwordHash: string;
  /** Absent on accounts created before accounts had an address (asked for at next sign-in). */
  readonly email?: string;
  /** Absent on accounts created before roles: those were operator-made admins and stay admins. */
  readonly role?: StaffRole;
  /** Set while an admin has deactivated the account: no sign-in, every session refused. */
  readonly deactivatedAt?: string;
  /** Base32 TOTP secret when a second factor is enrolled. */
  readonly totpSecret?: string;
  readonly passkeys?: readonly StoredPasskey[];
  readonly createdAt: string;
  readonly passwordChangedAt: string;
  /** The member's sessions by id (functions/model/staff/sessions.ts); only their start is read here. */
  readonly sessions?: Readonly<Record<string, { readonly startedAt: string }>>;
  /**
   * Raised by every change that must void the password reset links sent before it (a reset, a new
   * password, a new address, "This wasn't me", a deactivation, an admin's second-factor reset;
   * docs/decisions/0082): a link works only while the
   * account is at the version it was issued at. Absent: 0.
   */
  readonly credentialsVersion?: number;
  /**
   * The "This wasn't me" links still live for this account, each "<issued, epoch ms, 13 digits>.<id>"
   * so that they sort by issue (functions/staff/not-me.ts).
   */
  readonly undoLinks?: ReadonlySet<string>;
}

/** The update that voids every password reset link of an account (docs/decisions/0082). */
export const VOID_RESET_LINKS = "ADD credentialsVersion :one";

/** The account's credentials version (see StaffUser.credentialsVersion). */
export function credentialsVersionOf(user: Pick<StaffUser, "credentialsVersion">): number {
  return Number(user.credentialsVersion ?? 0);
}

/** The new account's address and role. */
export interface StaffProfile {
  readonly email?: string;
  readonly role: StaffRole;
}

/** Accounts from before roles are admins (only an operator could create them). */
export function roleOf(user: Pick<StaffUser, "role">): StaffRole {
  return user.role ?? "admin";
}

export function staffUserViewOf(user: Pick<StaffUser, "username" | "email" | "role">): StaffUserView {
  return { username: user.username, email: user.email ?? null, role: roleOf(user) };
}

export function staffMemberOf(user: StaffUser): StaffMember {
  return {
    ...staffUserViewOf(user),
    active: !user.deactivatedAt,
    createdAt: user.createdAt,
    totp: Boolean(user.totpSecret),
    passkeys: user.passkeys?.length ?? 0,
    lastSignInAt:
      Object.values(user.sessions ?? {})
        .map((session) => session.startedAt)
        .sort()
        .at(-1) ?? null,
  };
}

/**
 * A username or address that the identity rule (functions/model/identity.ts) refuses: an answer of
 * its own (400 with the field's error), so a route that stores an identity needs no mapping; its
 * message is the problem (the admin command prints it).
 */
export class InvalidIdentityError extends HttpError {
  constructor(
    readonly field: "username" | "email",
    problem: string,
  ) {
    super(400, { error: MESSAGES.invalidFields, fieldErrors: { [field]: problem } }, {}, "invalid_identity");
    this.name = "InvalidIdentityError";
    this.message = problem;
  }
}

/** The canonical username; throws InvalidIdentityError for text that is none. */
export function checkedUsername(text: string): string {
  const checked = staffUsername(text);
  if (!checked.ok) throw new InvalidIdentityError("username", checked.problem);
  return checked.value;
}

/** The canonical staff address; throws InvalidIdentityError for text that is none. */
export function checkedAddress(text: string): string {
  const checked = staffAddress(text);
  if (!checked.ok) throw new InvalidIdentityError("email", checked.problem);
  return checked.value;
}

export class UserExistsError extends Error {
  constructor(username: string) {
    super(`User "${username}" already exists`);
    this.name = "UserExistsError";
  }
}

export class UnknownUserError extends Error {
  constructor(username: string) {
    super(`User "${username}" does not exist`);
    this.name = "UnknownUserError";
  }
}

export class UsersRepository {
  /** The address claims of these accounts (for the transactions of other writers, e.g. invitations). */
  readonly claims: AddressClaims;

  /**
   * @param claimsTable the table of the address claims (the auth-state table); by default the one
   *   beside `tableName` (claimsTableBeside).
   */
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
    claimsTable?: string,
  ) {
    this.claims = new AddressClaims(db, claimsTable ?? claimsTableBeside(tableName));
  }

  async find(username: string): Promise<StaffUser | undefined> {
    const answer = await this.db.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { username: staffKey(username) },
        ConsistentRead: true,
      }),
    );
    return answer.Item as StaffUser | undefined;
  }

  /**
   * Takes the claim of `address` for `username` on its own (records from before claims; the
   * identity check, functions/staff/identity-check.ts). Throws AddressTakenError when another holds it.
   */
  async claimAddress(username: string, address: string): Promise<void> {
    await this.claims.claim(checkedAddress(address), staffKey(username));
  }

  /** Gives up the claim of `address` if `username` holds it (no error otherwise). */
  async releaseAddress(username: string, address: string): Promise<void> {
    await this.claims.give(staffKey(address), staffKey(username));
  }

  /**
   * Refuses an address another account answers to although it holds no claim (accounts from before
   * claims, until the identity check has claimed theirs). The claim in the write is what makes it
   * atomic; this only covers the records that predate it.
   */
  private async refuseUnclaimedHolder(address: string, username: string): Promise<void> {
    const others = (await this.list()).filter((user) => staffKey(user.username) !== username);
    if (others.some((user) => holdsAddress(user, address))) throw new AddressTakenError(address);
  }

  async create(
    username: string,
    passwordHash: string,
    now: Date,
    profile: StaffProfile = { role: "admin" },
  ): Promise<StaffUser> {
    const user: StaffUser = {
      username: checkedUsername(username),
      passwordHash,
      ...(profile.email ? { email: checkedAddress(profile.email) } : {}),
      role: profile.role,
      createdAt: now.toISOString(),
      passwordChangedAt: now.toISOString(),
    };
    const put = {
      TableName: this.tableName,
      Item: user,
      ConditionExpression: "attribute_not_exists(username)",
    };
    if (!user.email) {
      try {
        await this.db.send(new PutCommand(put));
      } catch (error) {
        if (isConditionalCheckFailed(error)) throw new UserExistsError(user.username);
        throw error;
      }
      return user;
    }
    await this.refuseUnclaimedHolder(user.email, user.username);
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [{ Put: put }, this.claims.put(user.email, user.username)],
        }),
      );
    } catch (error) {
      const codes = cancellationCodes(error);
      if (isFirstConditionRefused(error)) throw new UserExistsError(user.username);
      if (codes?.[1] === "ConditionalCheckFailed") throw new AddressTakenError(user.email);
      throw error;
    }
    return user;
  }

  private async updateExisting(
    username: string,
    update: Omit<ConstructorParameters<typeof UpdateCommand>[0], "TableName" | "Key">,
  ) {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { username: staffKey(username) },
          ConditionExpression: "attribute_exists(username)",
          ...update,
        }),
      );
    } catch (error) {
      if (isConditionalCheckFailed(error)) throw new UnknownUserError(staffKey(username));
      throw error;
    }
  }

  /** A new password: sessions from before `now` end, and so do the reset links sent before. */
  async setPassword(username: string, passwordHash: string, now: Date): Promise<void> {
    await this.updateExisting(username, {
      UpdateExpression: `SET passwordHash = :hash, passwordChangedAt = :at ${VOID_RESET_LINKS}`,
      ExpressionAttributeValues: { ":hash": passwordHash, ":at": now.toISOString(), ":one": 1 },
    });
  }

  /** The same password hashed with today's parameters (at sign-in): nothing else changes. */
  async rehashPassword(username: string, passwordHash: string): Promise<void> {
    await this.updateExisting(username, {
      UpdateExpression: "SET passwordHash = :hash",
      ExpressionAttributeValues: { ":hash": passwordHash },
    });
  }

  /**
   * Gives the account a new address, atomically with the address's claim: one transaction sets the
   * address (only if the account's address is still the one read), takes the new claim (only if no
   * other account holds it) and gives the old one up. Throws InvalidIdentityError (400) for text
   * that is no staff address, AddressTakenError (409) when another member uses it, UnknownUserError
   * for no such account. A new address also voids the password reset links sent before
   * (VOID_RESET_LINKS). Returns the account as it now is.
   */
  async changeEmail(username: string, newEmail: string): Promise<StaffUser> {
    const address = checkedAddress(newEmail);
    return retryTransaction(
      {
        attempts: 4,
        // Another change of this account or of the old address's claim came first: read again.
        retryable: (error) => isTransactionConflict(error) || isConditionRefused(error),
      },
      async () => {
        const user = await this.find(username);
        if (!user) throw new UnknownUserError(staffKey(username));
        await this.refuseUnclaimedHolder(address, user.username);
        const old = user.email === undefined ? undefined : staffKey(user.email);
        const releaseOld =
          old !== undefined && old !== address && (await this.claims.holder(old)) === user.username;
        try {
          await this.db.send(
            new TransactWriteCommand({
              TransactItems: [
                {
                  Update: {
                    TableName: this.tableName,
                    Key: { username: user.username },
                    // A new address voids the reset links sent to the old one.
                    UpdateExpression: `SET email = :email${old === address ? "" : ` ${VOID_RESET_LINKS}`}`,
                    ConditionExpression:
                      user.email === undefined
                        ? "attribute_exists(username) AND attribute_not_exists(email)"
                        : "attribute_exists(username) AND email = :old",
                    ExpressionAttributeValues: {
                      ":email": address,
                      ...(user.email === undefined ? {} : { ":old": user.email }),
                      ...(old === address ? {} : { ":one": 1 }),
                    },
                  },
                },
                this.claims.put(address, user.username),
                ...(releaseOld && old ? [this.claims.release(old, user.username)] : []),
              ],
            }),
          );
        } catch (error) {
          if (cancellationCodes(error)?.[1] === "ConditionalCheckFailed")
            throw new AddressTakenError(address);
          throw error;
        }
        return (await this.find(user.username)) ?? { ...user, email: address };
      },
    );
  }

  /** changeEmail without the answer (the same checks and the same claim). */
  async setEmail(username: string, email: string): Promise<void> {
    await this.changeEmail(username, email);
  }

  async setTotpSecret(username: string, secret: string | undefined): Promise<void> {
    await this.updateExisting(
      username,
      secret
        ? { UpdateExpression: "SET totpSecret = :secret", ExpressionAttributeValues: { ":secret": secret } }
        : { UpdateExpression: "REMOVE totpSecret" },
    );
  }

  /** Deletes the account and gives its address's claim up, in one transaction. */
  async delete(username: string): Promise<void> {
    const user = await this.find(username);
    if (!user) throw new UnknownUserError(staffKey(username));
    const address = user.email === undefined ? undefined : staffKey(user.email);
    const releases = address !== undefined && (await this.claims.holder(address)) === user.username;
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: this.tableName,
                Key: { username: user.username },
                ConditionExpression: "attribute_exists(username)",
              },
            },
            ...(releases && address ? [this.claims.release(address, user.username)] : []),
          ],
        }),
      );
    } catch (error) {
      if (isFirstConditionRefused(error)) throw new UnknownUserError(user.username);
      throw error;
    }
  }

  /** Every staff user (a handful; a scan is fine). */
  async list(): Promise<StaffUser[]> {
    const users: StaffUser[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new ScanCommand({ TableName: this.tableName, ExclusiveStartKey: start }),
      );
      users.push(...((page.Items ?? []) as StaffUser[]));
      start = page.LastEvaluatedKey;
    } while (start);
    return users.sort((a, b) => a.username.localeCompare(b.username));
  }
}
