/**
 * A stage's retention period (RETENTION_DAYS, docs/decisions/0096-retention-you-can-see.md): a lead
 * expires that many days after it was created, and what carries its personal data (its timeline,
 * its reply claims, its e-mails' entries) expires with it. 0 or absent keeps records.
 */
const SECONDS_PER_DAY = 86_400;

/** The expiry (epoch seconds, DynamoDB's time to live) of a lead created at `createdAt`. */
export function leadExpiry(createdAt: string, retentionDays: number | undefined): number | undefined {
  if (!retentionDays) return undefined;
  return Math.floor(Date.parse(createdAt) / 1000) + retentionDays * SECONDS_PER_DAY;
}
