/**
 * Erasing everything held about one address (docs/decisions/0095-privacy-requests.md), in this
 * order:
 * 1. the erasure marker (functions/model/erasure.ts), first, so a lead event still queued or being
 *    processed is dropped by the notify worker from now on; and a mark per lead in the deliveries
 *    table (functions/model/delivery-lead.ts), so the webhook fan-out and delivery send nothing
 *    about it any more;
 * 2. each record, one transaction each with its counters and its address's open-lead lookup
 *    (functions/model/lead-delete.ts, the Command Center's delete), retried when a desk change
 *    raced it; its search and desk index entries are attributes of the record and go with it;
 * 3. each lead's timeline and its replies' claim items — the leads that no longer exist too, found
 *    through the person pointers (functions/model/person-leads.ts) — the lookup, the quotas, the
 *    pending events, the webhook deliveries about the leads (their payloads and the receivers'
 *    answers; each leaves a mark, ids only, so a replay of it is refused), and the pointers;
 * 4. a former staff member: the account, its address claim, and in the audit entries by or about
 *    them the username becomes a keyed reference and the client address goes;
 * 5. the timelines and the deliveries read again and cleared once more: a notify worker or a
 *    fan-out that passed its check just before step 1 may have recorded an e-mail or made a
 *    delivery meanwhile;
 * 6. one audit entry "privacy.erase" with the keyed reference and the counts, nothing else.
 */
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import type { PrivacyCategory } from "../../events/privacy";
import { cancellationCodes, isConditionalCheckFailed } from "../lib/aws-errors";
import { auditItem } from "../model/audit";
import { deliveryLeadRef, erasedDeliveryItem, erasedLeadItem } from "../model/delivery-lead";
import { erasurePut, keyedReference } from "../model/erasure";
import { leadRecordDelete } from "../model/lead-delete";
import type { LeadKind } from "../model/lead-kinds";
import { quotaIdentity } from "../model/mail/acknowledgement-quota";
import { prospectKey, readProspect } from "../model/prospects";
import { addressClaimKey } from "../model/staff/address-claims";
import { deliveriesOf, findHoldings, type Holdings, leadRefsOf, type PrivacyDeps, timelineOf } from "./find";
import { countsOf } from "./report";

type Item = Record<string, unknown>;

export type EraseOutcome =
  | { readonly kind: "erased"; readonly counts: Record<PrivacyCategory, number>; readonly reference: string }
  | { readonly kind: "staffActive" };

const ATTEMPTS = 5;

/** Deletes one record with its counters and lookup; false when it was gone already. */
async function eraseRecord(deps: PrivacyDeps, lead: LeadKind, id: string): Promise<boolean> {
  const table = lead.table === "signups" ? deps.tables.signups : deps.tables.contacts;
  for (let attempt = 1; ; attempt++) {
    const { Item: item } = await deps.db.send(
      new GetCommand({ TableName: table, Key: { id }, ConsistentRead: true }),
    );
    if (!item || item.kind !== lead.kind || typeof item.createdAt !== "string") return false;
    const email = typeof item.email === "string" ? item.email : undefined;
    const lookup = email ? await readProspect(deps.db, deps.tables.audit, email, deps.clock()) : undefined;
    try {
      await deps.db.send(
        new TransactWriteCommand({
          TransactItems: leadRecordDelete(
            { records: table, audit: deps.tables.audit },
            lead,
            item as Item & { id: string; createdAt: string },
            lookup,
          ),
        }),
      );
      return true;
    } catch (error) {
      // A desk change, a delete or a submission of the address raced it: read both again.
      if (!cancellationCodes(error)?.includes("ConditionalCheckFailed") || attempt >= ATTEMPTS) throw error;
    }
  }
}

/** Deletes items of one table by key, 25 per request, asking again for what DynamoDB left. */
/** Batch writes, 25 at a time, unprocessed ones retried. */
async function writeBatches(deps: PrivacyDeps, table: string, all: readonly Item[]): Promise<void> {
  for (let offset = 0; offset < all.length; offset += 25) {
    let requests: Item[] | undefined = all.slice(offset, offset + 25);
    for (let attempt = 0; requests && requests.length > 0 && attempt < 8; attempt++) {
      const answer = await deps.db.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
      requests = answer.UnprocessedItems?.[table] as Item[] | undefined;
    }
    if (requests && requests.length > 0) throw new Error("DynamoDB left writes unprocessed");
  }
}

async function deleteKeys(deps: PrivacyDeps, table: string, keys: readonly Item[]): Promise<void> {
  await writeBatches(
    deps,
    table,
    keys.map((Key) => ({ DeleteRequest: { Key } })),
  );
}

async function putItems(deps: PrivacyDeps, table: string, items: readonly Item[]): Promise<void> {
  await writeBatches(
    deps,
    table,
    items.map((Item) => ({ PutRequest: { Item } })),
  );
}

const keyOf = (item: Item) => ({ pk: item.pk, sk: item.sk });

async function eraseTimelines(deps: PrivacyDeps, holdings: Holdings): Promise<void> {
  for (const found of leadRefsOf(holdings)) {
    const again = await timelineOf(deps, found.lead, found.id);
    await deleteKeys(deps, deps.tables.audit, [...again.timeline, ...again.replyClaims].map(keyOf));
  }
}

/**
 * The quota items the address took from: deleted when it was the only address, otherwise only its
 * hash leaves the item (another spelling's count of the inbox stays theirs).
 */
async function eraseQuotas(deps: PrivacyDeps, holdings: Holdings, email: string): Promise<void> {
  const identity = quotaIdentity(email);
  for (const quota of holdings.quotas) {
    const identities = quota.identities instanceof Set ? quota.identities : new Set<unknown>();
    if ([...identities].every((other) => other === identity)) {
      await deleteKeys(deps, deps.tables.ephemeral, [{ pk: quota.pk }]);
      continue;
    }
    await deps.db
      .send(
        new UpdateCommand({
          TableName: deps.tables.ephemeral,
          Key: { pk: quota.pk },
          UpdateExpression: "DELETE identities :identity",
          ConditionExpression: "attribute_exists(pk)",
          ExpressionAttributeValues: { ":identity": new Set([identity]) },
        }),
      )
      .catch((error: unknown) => {
        if (!isConditionalCheckFailed(error)) throw error; // expired meanwhile
      });
  }
}

/** Deletes deliveries, leaving the mark of each (its id, until it would have expired). */
async function eraseDeliveries(deps: PrivacyDeps, deliveries: readonly Item[], at: Date): Promise<void> {
  await putItems(
    deps,
    deps.tables.deliveries,
    deliveries.map((delivery) =>
      erasedDeliveryItem(
        String(delivery.id),
        at,
        typeof delivery.expiresAt === "number" ? delivery.expiresAt : undefined,
      ),
    ),
  );
  await deleteKeys(
    deps,
    deps.tables.deliveries,
    deliveries.map((delivery) => ({ id: delivery.id })),
  );
}

/** A former member's account and claim go; their audit entries keep a keyed reference instead. */
async function eraseStaff(deps: PrivacyDeps, holdings: Holdings): Promise<void> {
  const user = holdings.staff?.user;
  if (!user) return;
  const reference = `erased#${keyedReference(deps.key, user.username)}`;
  for (const entry of holdings.auditEntries) {
    const sets: string[] = [];
    if (entry.actor === user.username) sets.push("actor = :ref");
    if (entry.target === user.username) sets.push("#target = :ref");
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.audit,
        Key: keyOf(entry),
        UpdateExpression: `${sets.length ? `SET ${sets.join(", ")} ` : ""}REMOVE ip`,
        ConditionExpression: "attribute_exists(pk)",
        ...(sets.some((set) => set.startsWith("#"))
          ? { ExpressionAttributeNames: { "#target": "target" } }
          : {}),
        ...(sets.length ? { ExpressionAttributeValues: { ":ref": reference } } : {}),
      }),
    );
  }
  await deps.db.send(new DeleteCommand({ TableName: deps.tables.users, Key: { username: user.username } }));
  for (const address of [user.email, user.username])
    if (address)
      await deps.db
        .send(
          new DeleteCommand({
            TableName: deps.tables.authState,
            Key: addressClaimKey(address),
            ConditionExpression: "attribute_not_exists(pk) OR username = :username",
            ExpressionAttributeValues: { ":username": user.username },
          }),
        )
        .catch(() => undefined); // held by another account now: not theirs to remove
}

export async function eraseAddress(
  deps: PrivacyDeps,
  input: { email: string; actor: string; ip?: string },
): Promise<EraseOutcome> {
  const holdings = await findHoldings(deps, input.email);
  if (holdings.staff && !holdings.staff.user.deactivatedAt) return { kind: "staffActive" };
  const at = deps.clock();
  await deps.db.send(
    new TransactWriteCommand({ TransactItems: [erasurePut(deps.tables.audit, holdings.reference, at)] }),
  );
  const refs = leadRefsOf(holdings);
  await putItems(
    deps,
    deps.tables.deliveries,
    refs.map((found) => erasedLeadItem(deliveryLeadRef(found.lead.kind, found.id), at)),
  );
  for (const found of holdings.leads) await eraseRecord(deps, found.lead, found.item.id);
  await eraseTimelines(deps, holdings);
  await deleteKeys(deps, deps.tables.audit, [prospectKey(input.email)]);
  await eraseQuotas(deps, holdings, input.email);
  await deleteKeys(
    deps,
    deps.tables.outbox,
    holdings.pendingEvents.map((event) => ({ id: event.id })),
  );
  // A delivery still waiting is gone with its payload: its next attempt finds nothing to claim,
  // and a replay of it finds its mark (ids only) and is refused.
  await eraseDeliveries(deps, holdings.webhookDeliveries, at);
  await deleteKeys(
    deps,
    deps.tables.invitations,
    holdings.invitations.map((item) => ({ id: item.id })),
  );
  await eraseStaff(deps, holdings);
  await eraseTimelines(deps, holdings);
  await eraseDeliveries(deps, (await deliveriesOf(deps, refs)).items, at);
  await deleteKeys(deps, deps.tables.audit, holdings.personPointers.map(keyOf));
  const counts = countsOf(holdings);
  await deps.db.send(
    new PutCommand({
      TableName: deps.tables.audit,
      Item: auditItem({
        action: "privacy.erase",
        actor: input.actor,
        at: deps.clock(),
        ...(input.ip ? { ip: input.ip } : {}),
        details: {
          reference: holdings.reference,
          ...Object.fromEntries(Object.entries(counts).map(([name, count]) => [name, String(count)])),
        },
      }),
    }),
  );
  return { kind: "erased", counts, reference: holdings.reference };
}
