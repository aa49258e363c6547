/** Illustrative sample data and pure helpers for the Reports & Insights page (docs/product/site.md). */

export const REPORT_TYPES = [
  "Sales Performance",
  "Commission Analysis",
  "Product Performance",
  "Customer Analysis",
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export interface ReportRequest {
  readonly type: ReportType;
  /** ISO dates (YYYY-MM-DD), as a date input gives them. */
  readonly from: string;
  readonly to: string;
  readonly includeCharts: boolean;
  readonly compareToPreviousPeriod: boolean;
  readonly groupByVendor: boolean;
}

/** The builder's fixed starting values, so the page renders the same on the server and in the browser. */
export const SAMPLE_REQUEST: ReportRequest = {
  type: "Sales Performance",
  from: "2026-01-01",
  to: "2026-09-30",
  includeCharts: true,
  compareToPreviousPeriod: true,
  groupByVendor: false,
};

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-01-01" -> "Jan 1, 2026", without going through a time zone. */
export function formatIsoDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return iso;
  return `${month} ${Number(match[3])}, ${match[1]}`;
}

/** What the sample builder says after Generate Report: the report it would produce, or what is missing. */
export function describeReport(request: ReportRequest): string {
  if (!request.from || !request.to) return "Choose both a start date and an end date.";
  if (request.to < request.from)
    return "The end date is before the start date. Pick an end date on or after it.";
  const options = [
    request.includeCharts && "with charts",
    request.compareToPreviousPeriod && "compared to the previous period",
    request.groupByVendor && "grouped by vendor",
  ].filter(Boolean);
  const extras = options.length > 0 ? `, ${options.join(", ")}` : "";
  return `Sample ${request.type} report ready: ${formatIsoDate(request.from)} to ${formatIsoDate(request.to)}${extras}. Export it as PDF, Excel or CSV.`;
}

export interface MonthlySales {
  readonly month: string;
  readonly sales: number;
}

export const COMMISSION_PERCENT = 6.5;
export const ORDER_COUNT = 629;

/** Illustrative agency sales, January to September. */
export const MONTHLY_SALES: readonly MonthlySales[] = [
  { month: "Jan", sales: 186_400 },
  { month: "Feb", sales: 201_900 },
  { month: "Mar", sales: 238_300 },
  { month: "Apr", sales: 224_700 },
  { month: "May", sales: 259_100 },
  { month: "Jun", sales: 247_800 },
  { month: "Jul", sales: 232_600 },
  { month: "Aug", sales: 268_500 },
  { month: "Sep", sales: 291_200 },
];

export interface TopProduct {
  readonly name: string;
  readonly vendor: string;
  readonly sales: number;
}

export const TOP_PRODUCTS: readonly TopProduct[] = [
  { name: "Pro Series Cordless Drill Kit", vendor: "Northwind Tools", sales: 184_250 },
  { name: "Exterior Satin Paint, 5 gal", vendor: "Summit Paint Co.", sales: 142_800 },
  { name: "Structural Screw Assortment", vendor: "Harbor Fasteners", sales: 97_340 },
];
