import { type DynamoDBDocumentClient, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { DomainEvent } from "../../events/envelopes";
import { isConditionalCheckFailed } from "../lib/aws-errors";
import { type Clock, systemClock } from "../lib/clock";
import type { GeoCountry } from "../lib/geoip";
import { isPublicAddress, unmapIpv4 } from "../lib/ip-address";
import { isConditionRefused } from "../lib/transact";
import { outboxItemFor } from "../model/outbox";

export interface EnrichmentDeps {
  readonly db: DynamoDBDocumentClient;
  readonly signupsTable: string;
  readonly lookupCountry: (ip: string) => Promise<GeoCountry | undefined>;
  /**
   * Where signup.enriched is published, in the update's own transaction (the outbound
   * integrations, docs/decisions/0091); absent: not published.
   */
  readonly outboxTable?: string;
  readonly clock?: Clock;
}

export type EnrichmentOutcome = "enriched" | "no-country" | "no-address" | "signup-gone" | "not-a-signup";

/**
 * Writes ipAddress, country and countryCode onto the signup of a signup.created event. The same
 * event twice writes the same values (idempotent); a signup deleted meanwhile is not an error.
 * Non-public addresses (private, loopback, CGNAT...) and unknown ones leave the country unset.
 */
export async function enrichSignup(deps: EnrichmentDeps, event: DomainEvent): Promise<EnrichmentOutcome> {
  if (event.type !== "signup.created") return "not-a-signup";
  const raw = event.data.ipAddress;
  if (!raw) return "no-address";
  const ipAddress = unmapIpv4(raw);
  const geo = isPublicAddress(ipAddress) ? await deps.lookupCountry(ipAddress) : undefined;
  const values: Record<string, string> = { ":ip": ipAddress };
  let update = "SET ipAddress = :ip";
  if (geo) {
    update += ", country = :country, countryCode = :code";
    values[":country"] = geo.country;
    values[":code"] = geo.countryCode;
  }
  const write = {
    TableName: deps.signupsTable,
    Key: { id: event.data.id },
    UpdateExpression: update,
    ConditionExpression: "attribute_exists(id)",
    ExpressionAttributeValues: values,
  };
  try {
    if (!deps.outboxTable) await deps.db.send(new UpdateCommand(write));
    else {
      // The same id for a redelivered signup.created: its deliveries are made once (fan-out).
      const enriched: DomainEvent = {
        type: "signup.enriched",
        version: 1,
        id: `${event.id}.enriched`,
        occurredAt: (deps.clock ?? systemClock)().toISOString(),
        data: {
          ...event.data,
          ipAddress,
          ...(geo ? { country: geo.country, countryCode: geo.countryCode } : {}),
        },
      };
      await deps.db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Update: write },
            { Put: { TableName: deps.outboxTable, Item: outboxItemFor(enriched) } },
          ],
        }),
      );
    }
  } catch (error) {
    if (isConditionalCheckFailed(error) || isConditionRefused(error)) return "signup-gone";
    throw error;
  }
  return geo ? "enriched" : "no-country";
}
