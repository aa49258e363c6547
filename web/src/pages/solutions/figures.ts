/** Small helpers for the persona pages' sample figures. */
import { formatUsd } from "../../content/format";

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** "$2.07M" for a million or more, else "$846,200": big figures that must fit a narrow metric tile. */
export function formatUsdShort(amount: number): string {
  return Math.abs(amount) >= 1_000_000 ? `$${(amount / 1_000_000).toFixed(2)}M` : formatUsd(amount);
}

/** Whole-number share of a whole, e.g. progress toward a goal. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 100);
}
