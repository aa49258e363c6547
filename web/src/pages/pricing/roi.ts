import { formatPercent, formatUsd } from "../../content/format";

/** What a rep tells the ROI calculator, per month. */
export interface RoiInputs {
  /** Hours a month RepDesk saves on order entry, follow-ups and reconciliation. */
  readonly hoursSaved: number;
  /** What an hour of the rep's time is worth, in US dollars. */
  readonly hourlyRate: number;
  /** Monthly cost of the tools RepDesk replaces (spreadsheets add-ons, portals, separate CRMs). */
  readonly toolSavings: number;
  /** Commission a month recovered by catching short payments and statement errors. */
  readonly errorsCaught: number;
  /** The RepDesk plan's monthly price. */
  readonly planCost: number;
}

export interface RoiResult {
  /** hoursSaved × hourlyRate. */
  readonly timeSavings: number;
  /** Time savings + tool savings + errors caught − plan cost. */
  readonly netMonthlyValue: number;
  /** Whole percent; undefined when the plan costs nothing (no ratio to show). */
  readonly roiPercent: number | undefined;
}

/** The ROI example of docs/product/site.md: 41 h at $50/h, $200 and $500 gained, the $149 Independent Rep plan. */
export const ROI_DEFAULTS: RoiInputs = {
  hoursSaved: 41,
  hourlyRate: 50,
  toolSavings: 200,
  errorsCaught: 500,
  planCost: 149,
};

export function calculateRoi(inputs: RoiInputs): RoiResult {
  const timeSavings = inputs.hoursSaved * inputs.hourlyRate;
  const netMonthlyValue = timeSavings + inputs.toolSavings + inputs.errorsCaught - inputs.planCost;
  // docs/product/site.md fixes the example's ROI at 1,646%, which is (net − cost) / cost =
  // (2,601 − 149) / 149 = 16.46. net / cost would give 1,746%, so the stated example measures the net value's gain
  // over the plan's price; we follow it so that the published example and the calculator agree.
  const roiPercent =
    inputs.planCost > 0
      ? Math.round(((netMonthlyValue - inputs.planCost) / inputs.planCost) * 100)
      : undefined;
  return { timeSavings, netMonthlyValue, roiPercent };
}

/** The result as the page shows it: "$2,050", "$2,601", "1,646%" ("—" without a plan cost). */
export function formatRoi(result: RoiResult): { timeSavings: string; netMonthlyValue: string; roi: string } {
  return {
    timeSavings: formatUsd(result.timeSavings),
    netMonthlyValue: formatUsd(result.netMonthlyValue),
    roi: result.roiPercent === undefined ? "—" : formatPercent(result.roiPercent),
  };
}

/** The calculator's fields as typed. */
export type RoiTexts = Record<keyof RoiInputs, string>;

export function parseInputs(texts: RoiTexts): RoiInputs {
  return {
    hoursSaved: parseAmount(texts.hoursSaved),
    hourlyRate: parseAmount(texts.hourlyRate),
    toolSavings: parseAmount(texts.toolSavings),
    errorsCaught: parseAmount(texts.errorsCaught),
    planCost: parseAmount(texts.planCost),
  };
}

/** A number input's text as an amount: empty, negative or non-numeric text counts as 0. */
export function parseAmount(text: string): number {
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : 0;
}
