/**
 * "Not spam" (docs/decisions/0151-release-exactly-once.md): staff release a lead the quarantine
 * held (functions/model/quarantine.ts). In one transaction, conditional on the lead still being
 * held, it becomes what the submission would have been had it not been judged spam — New with its
 * response clock starting now, or linked to the address's open lead — back in the counters and
 * figures, kept for the stage's retention period, with a status entry naming who released it and
 * its event in the outbox (the staff alert, the acknowledgement, webhooks and Slack follow from
 * that). Of any number of releases at once, exactly one commits; the others find it released.
 *
 * A lead staff marked Spam by hand was never held (its e-mails went out on arrival): Not spam sets
 * it back to New through the desk (./lead-desk.ts).
 */
import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { LeadStatus } from "../../events/desk";
import type { DomainEvent } from "../../events/envelopes";
import {
  isConditionRefused,
  isTransactionConflict,
  retryTransaction,
  type TransactItem,
} from "../lib/transact";
import { updateExpression } from "../lib/update-expression";
import { stageCalendar } from "../model/calendar";
import {
  counterMoveUpdates,
  deskCounterMoves,
  deskKey,
  OWNER_COUNT,
  OWNER_KEY,
  ownerCounterOf,
  ownerKey,
} from "../model/lead-index";
import type { LeadKind } from "../model/lead-kinds";
import { outboxItemFor } from "../model/outbox";
import { personLeadPut } from "../model/person-leads";
import { claimOpenLead, readProspect, stillOpenLead } from "../model/prospects";
import { HELD, isHeld, KEPT_UNTIL, RELEASED, releaseEventId, UNCOUNTED } from "../model/quarantine";
import { replyDueAt } from "../model/response-clock";
import { figuresChange } from "../model/response-figures";
import { timelinePut } from "../model/timeline";
import { changeLead, type DeskDeps, readLead } from "./lead-desk";

export interface ReleaseDeps extends DeskDeps {
  readonly tables: DeskDeps["tables"] & { readonly outbox: string };
}

export type ReleaseOutcome =
  | { readonly outcome: "released" | "already"; readonly status: LeadStatus }
  | { readonly outcome: "notFound" };

const EVENT_TYPES = { signup: "signup.created", contact: "contact.received" } as const;

/** Enough for several staff releasing one lead at once: each round, one wins and the rest stop. */
const ATTEMPTS = 10;

export async function releaseLead(
  deps: ReleaseDeps,
  lead: LeadKind,
  id: string,
  actor: string,
): Promise<ReleaseOutcome> {
  const retryable = (error: unknown) => isConditionRefused(error) || isTransactionConflict(error);
  return retryTransaction({ attempts: ATTEMPTS, retryable }, async (): Promise<ReleaseOutcome> => {
    const item = await readLead(deps, lead, id);
    if (!item) return { outcome: "notFound" };
    const status = (typeof item.status === "string" ? item.status : "new") as LeadStatus;
    if (!isHeld(item)) {
      if (status !== "spam") return { outcome: "already", status };
      const changed = await changeLead(deps, lead, id, { status: "new" }, actor);
      if (changed.outcome === "notFound") return { outcome: "notFound" };
      const released = changed.outcome === "updated" && changed.entries.length > 0;
      return { outcome: released ? "released" : "already", status: "new" };
    }
    const actions = await releaseActions(deps, lead, item, actor);
    await deps.db.send(new TransactWriteCommand({ TransactItems: actions.items }));
    return { outcome: "released", status: actions.status };
  });
}

/** The release's transaction for a held record as read. */
async function releaseActions(
  deps: ReleaseDeps,
  lead: LeadKind,
  item: Record<string, unknown> & { createdAt: string },
  actor: string,
): Promise<{ items: TransactItem[]; status: LeadStatus }> {
  const now = deps.clock();
  const id = String(item.id);
  const email = String(item.email ?? "");
  const prospect = await readProspect(deps.db, deps.tables.audit, email, now);
  const linkTo = prospect.state === "open" && prospect.lead.id !== id ? prospect.lead : undefined;
  const status: LeadStatus = linkTo ? "linked" : "new";
  const owner = typeof item.owner === "string" && item.owner ? item.owner : null;
  const expiresAt = typeof item[KEPT_UNTIL] === "number" ? (item[KEPT_UNTIL] as number) : undefined;
  const set: Record<string, unknown> = {
    status,
    deskKey: deskKey(lead, status),
    [OWNER_KEY]: ownerKey(lead, status, owner),
    quarantine: RELEASED,
    releasedAt: now.toISOString(),
    releasedBy: actor,
    ...(linkTo
      ? { linkedTo: linkTo.id, linkedKind: linkTo.kind }
      : { dueAt: new Date(replyDueAt(deps.calendar ?? stageCalendar(), now.getTime())).toISOString() }),
    ...(expiresAt !== undefined ? { expiresAt } : {}),
  };
  const ownerCounter = ownerCounterOf({ status, owner });
  if (ownerCounter) set[OWNER_COUNT] = ownerCounter;
  const remove = [UNCOUNTED, KEPT_UNTIL, ...(expiresAt === undefined ? ["expiresAt"] : [])];
  if (!ownerCounter) remove.push(OWNER_COUNT);
  const after: Record<string, unknown> = { ...item, ...set };
  for (const name of remove) delete after[name];

  const calendar = deps.calendar ?? stageCalendar();
  const figures = figuresChange(deps.tables.records, lead, item, after, calendar);
  const version = typeof item.deskVersion === "number" ? item.deskVersion : undefined;
  const update = updateExpression({
    set: { ...set, ...figures.set, deskVersion: (version ?? 0) + 1 },
    remove,
  });
  const counted = typeof item[OWNER_COUNT] === "string" ? item[OWNER_COUNT] : undefined;
  // Still held, as read: the one release of many that commits; a desk change in between retries.
  const guard = [
    "#q = :held",
    version === undefined ? "attribute_not_exists(deskVersion)" : "deskVersion = :version",
    counted === undefined ? "attribute_not_exists(#oc)" : "#oc = :oc",
  ].join(" AND ");
  const record: TransactItem = {
    Update: {
      TableName: deps.tables.records,
      Key: { id },
      UpdateExpression: update.UpdateExpression,
      ConditionExpression: `${guard} AND ${figures.condition}`,
      ExpressionAttributeNames: {
        "#q": "quarantine",
        "#oc": OWNER_COUNT,
        ...figures.names,
        ...update.ExpressionAttributeNames,
      },
      ExpressionAttributeValues: {
        ":held": HELD,
        ...(version === undefined ? {} : { ":version": version }),
        ...(counted === undefined ? {} : { ":oc": counted }),
        ...figures.values,
        ...update.ExpressionAttributeValues,
      },
    },
  };
  const self = { kind: lead.kind, id };
  const retained = { createdAt: item.createdAt, expiresAt };
  const event = {
    type: EVENT_TYPES[lead.kind],
    version: 1,
    // Every attempt's the same: only one commits, and any other that reaches a consumer is it.
    id: releaseEventId(lead.kind, id),
    occurredAt: now.toISOString(),
    data: lead.schema.parse(after),
  } as DomainEvent;
  const prospectActions: TransactItem[] = linkTo
    ? [
        stillOpenLead(deps.tables.audit, email, linkTo),
        timelinePut(
          deps.tables.audit,
          { ...linkTo, expiresAt },
          { type: "linked", at: now, actor: "system", otherKind: lead.kind, otherId: id },
        ),
      ]
    : [
        claimOpenLead(
          deps.tables.audit,
          email,
          { ...self, ...retained },
          prospect.state === "stale" ? prospect.lead : undefined,
        ),
      ];
  return {
    status,
    items: [
      record,
      ...counterMoveUpdates(deps.tables.records, lead, item, deskCounterMoves(item, { status, owner })),
      ...figures.actions,
      timelinePut(deps.tables.audit, { ...self, expiresAt }, { type: "status", at: now, actor, status }),
      {
        Put: {
          TableName: deps.tables.outbox,
          Item: outboxItemFor(event),
          ConditionExpression: "attribute_not_exists(id)",
        },
      },
      ...prospectActions,
      // The person pointer now outlives the lead's own retention, not the quarantine's.
      personLeadPut(deps.tables.audit, email, self, retained),
    ],
  };
}
