/** A vendor's sample performance figures (docs/product/site.md: samples). */
export interface VendorMetrics {
  readonly vendor: string;
  /** Share of purchase orders shipped by the promised date, 0..100. */
  readonly onTimePercent: number;
  /** Average quality score out of 5. */
  readonly qualityScore: number;
  /** Median hours to answer a rep's question or order change. */
  readonly responseHours: number;
}

export type VendorRating = "Excellent" | "Good" | "Needs Attention";

/**
 * The rating label the sample dashboard shows. The thresholds are the sample's defaults, written in
 * the page copy; they are not a rule anyone enforces.
 */
export function vendorRating({ onTimePercent, qualityScore }: VendorMetrics): VendorRating {
  if (onTimePercent >= 95 && qualityScore >= 4.5) return "Excellent";
  if (onTimePercent >= 85 && qualityScore >= 4) return "Good";
  return "Needs Attention";
}

/** "2 h" under a day, "1.5 days" from a day on. */
export function formatResponseTime(hours: number): string {
  if (hours < 24) return `${hours} h`;
  const days = Math.round((hours / 24) * 10) / 10;
  return `${days} ${days === 1 ? "day" : "days"}`;
}

export const SAMPLE_VENDORS: readonly VendorMetrics[] = [
  { vendor: "Northgate Tools", onTimePercent: 97, qualityScore: 4.9, responseHours: 2 },
  { vendor: "Brightline Lighting", onTimePercent: 92, qualityScore: 4.6, responseHours: 5 },
  { vendor: "Keystone Fasteners", onTimePercent: 96, qualityScore: 4.7, responseHours: 3 },
  { vendor: "Harbor Supply", onTimePercent: 78, qualityScore: 4.1, responseHours: 36 },
];
