import { BRAND } from "./templates";

/**
 * Addresses SES can deliver to: ASCII, no quotes, commas or angle brackets that a mail header
 * would read as more than one address. The basic pattern of docs/product/site.md lets more through; those prospects
 * get no acknowledgement (staff still see the address in the alert).
 */
const DELIVERABLE = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

export function isDeliverableAddress(address: string): boolean {
  return address.length <= 254 && DELIVERABLE.test(address);
}

/** The stage's sender address as the From header: with the brand's name unless it has one. */
export function fromAddress(sender: string): string {
  return sender.includes("<") ? sender : `${BRAND} <${sender}>`;
}
