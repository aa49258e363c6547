/** Staff accounts of the Command Center, one item per username in USERS_TABLE. */
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  ScanCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import type { StaffMember, StaffRole, StaffUserView } from "../../../events/staff";
import { isConditionalCheckFailed } from "../../lib/aws-errors";
import { HttpError, MESSAGES } from "../../lib/http/errors";
import { staffAddress, staffKey, staffUsername } from "../identity";

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

/** A username or address that the identity rule (functions/model/identity.ts) refuses. */
export class InvalidIdentityError extends Error {
  constructor(
    readonly field: "username" | "email",
    problem: string,
  ) {
    super(problem);
    this.name = "InvalidIdentityError";
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
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

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
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: user,
          ConditionExpression: "attribute_not_exists(username)",
        }),
      );
    } catch (error) {
      if (isConditionalCheckFailed(error)) throw new UserExistsError(user.username);
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

  async setPassword(username: string, passwordHash: string, now: Date): Promise<void> {
    await this.updateExisting(username, {
      UpdateExpression: "SET passwordHash = :hash, passwordChangedAt = :at",
      ExpressionAttributeValues: { ":hash": passwordHash, ":at": now.toISOString() },
    });
  }

  async setEmail(username: string, email: string): Promise<void> {
    await this.updateExisting(username, {
      UpdateExpression: "SET email = :email",
      ExpressionAttributeValues: { ":email": checkedAddress(email) },
    });
  }

  async setTotpSecret(username: string, secret: string | undefined): Promise<void> {
    await this.updateExisting(
      username,
      secret
        ? { UpdateExpression: "SET totpSecret = :secret", ExpressionAttributeValues: { ":secret": secret } }
        : { UpdateExpression: "REMOVE totpSecret" },
    );
  }

  async delete(username: string): Promise<void> {
    try {
      await this.db.send(
        new DeleteCommand({
          TableName: this.tableName,
          Key: { username: staffKey(username) },
          ConditionExpression: "attribute_exists(username)",
        }),
      );
    } catch (error) {
      if (isConditionalCheckFailed(error)) throw new UnknownUserError(staffKey(username));
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
