/** Sample figures for the Commission Handling page (docs/product/site.md: commission and reconciliation rows). */

import type { CommissionStatus, ReconciliationStatus } from "../../../components/marketing/SampleTable";

export type { CommissionStatus };

export interface CommissionRow {
  readonly customer: string;
  readonly orderNumber: string;
  /** Whole US dollars. */
  readonly amount: number;
  readonly status: CommissionStatus;
}

export const RECENT_COMMISSIONS: readonly CommissionRow[] = [
  { customer: "Acme Fixtures", orderNumber: "SO-24811", amount: 4_280, status: "Paid" },
  { customer: "Northline Supply", orderNumber: "SO-24806", amount: 2_915, status: "Pending" },
  { customer: "Brightway Lighting", orderNumber: "SO-24797", amount: 1_740, status: "Processing" },
  { customer: "Keystone Hardware", orderNumber: "SO-24789", amount: 3_102, status: "Paid" },
];

/** Year-to-date commission summary: earned = paid + pending. */
export const COMMISSION_SUMMARY = { paid: 87_927, pending: 8_415 } as const;
export const YTD_COMMISSIONS = COMMISSION_SUMMARY.paid + COMMISSION_SUMMARY.pending;

export type ReconciliationFlag = ReconciliationStatus;

export interface StatementLine {
  readonly vendor: string;
  /** What the vendor's commission statement says it paid, whole US dollars. */
  readonly statementAmount: number;
  /** What RepDesk tracked from shipped and invoiced orders, whole US dollars. */
  readonly trackedAmount: number;
}

/** The statement's difference from the tracked amount: negative when the vendor paid less. */
export function varianceOf(line: StatementLine): number {
  return line.statementAmount - line.trackedAmount;
}

export function reconciliationFlag(line: StatementLine): ReconciliationFlag {
  return varianceOf(line) === 0 ? "Matched" : "Variance";
}

export const STATEMENT_LINES: readonly StatementLine[] = [
  { vendor: "Northgate Tools", statementAmount: 6_420, trackedAmount: 6_420 },
  { vendor: "Brightline Lighting", statementAmount: 3_185, trackedAmount: 3_915 },
  { vendor: "Keystone Fasteners", statementAmount: 2_760, trackedAmount: 2_760 },
  { vendor: "Harbor Supply", statementAmount: 1_204, trackedAmount: 1_314 },
];

export interface PrincipalPlan {
  readonly vendor: string;
  /** The rate schedule as the agreement with the principal words it. */
  readonly tiers: string;
  readonly currentTier: string;
  /** Commission earned year to date, whole US dollars. */
  readonly ytdCommission: number;
}

export const PRINCIPAL_PLANS: readonly PrincipalPlan[] = [
  {
    vendor: "Northgate Tools",
    tiers: "6% to $600,000 · 8% above",
    currentTier: "Tier 1 · 6%",
    ytdCommission: 31_480,
  },
  {
    vendor: "Brightline Lighting",
    tiers: "5% to $100,000 · 7% above",
    currentTier: "Tier 2 · 7%",
    ytdCommission: 24_615,
  },
  {
    vendor: "Keystone Fasteners",
    tiers: "Flat 8% on all lines",
    currentTier: "Flat · 8%",
    ytdCommission: 22_930,
  },
  {
    vendor: "Harbor Supply",
    tiers: "4% · +1% on new dealers",
    currentTier: "Bonus · 5%",
    ytdCommission: 17_317,
  },
];
