import { type DynamoDBDocumentClient, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { DomainEvent } from "../../events/envelopes";
import { isConditionalCheckFailed } from "../lib/aws-errors";
import type { GeoCountry } from "../lib/geoip";
import { isPublicAddress, unmapIpv4 } from "../lib/ip-address";

export interface EnrichmentDeps {
  readonly db: DynamoDBDocumentClient;
  readonly signupsTable: string;
  readonly lookupCountry: (ip: string) => Promise<GeoCountry | undefined>;
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
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.signupsTable,
        Key: { id: event.data.id },
        UpdateExpression: update,
        ConditionExpression: "attribute_exists(id)",
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    if (isConditionalCheckFailed(error)) return "signup-gone";
    throw error;
  }
  return geo ? "enriched" : "no-country";
}
