/**
 * Which lead a webhook delivery's payload is about (functions/integrations writes it, a privacy
 * request reads it: functions/privacy): the deliveries table's `leadRef` and its byLead index.
 */
export const DELIVERIES_BY_LEAD = "byLead";

/** "<kind>#<id>": a delivery's `leadRef`. */
export function deliveryLeadRef(kind: string, id: string): string {
  return `${kind}#${id}`;
}
