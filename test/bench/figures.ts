/**
 * What a benchmark returns: its figures, each with the target it is held to, so that
 * `npm run bench -- all` can write docs/PERFORMANCE.md as one table per benchmark
 * (figure | measured | target | met?). `details` keeps the raw numbers for anyone digging.
 */
export interface Figure {
  readonly name: string;
  readonly value: number | string | boolean;
  /** "ms", "req/s", "bytes", "cases/s"... */
  readonly unit?: string;
  /** Human-readable target, e.g. "< 50 ms" or ">= 70 %". */
  readonly target?: string;
  /** Whether the value meets the target (absent when there is no target). */
  readonly met?: boolean;
}

export interface BenchResult {
  readonly figures: readonly Figure[];
  readonly details?: unknown;
}

function bound(operator: string, limit: number, unit: string): string {
  return `${operator} ${limit.toLocaleString("en-US")}${unit ? ` ${unit}` : ""}`;
}

/** A figure with no target (context, e.g. the baseline). */
export function info(name: string, value: number | string | boolean, unit?: string): Figure {
  return unit === undefined ? { name, value } : { name, value, unit };
}

/** value < max (strictly below). */
export function below(name: string, value: number, unit: string, max: number): Figure {
  return { name, value, unit, target: bound("<", max, unit), met: value < max };
}

/** value <= max. */
export function atMost(name: string, value: number, unit: string, max: number): Figure {
  return { name, value, unit, target: bound("<=", max, unit), met: value <= max };
}

/** value >= min. */
export function atLeast(name: string, value: number, unit: string, min: number): Figure {
  return { name, value, unit, target: bound(">=", min, unit), met: value >= min };
}

/** A yes/no property that must hold. */
export function holds(name: string, value: boolean, target = "yes"): Figure {
  return { name, value, target, met: value };
}

function cell(value: Figure["value"], unit?: string): string {
  const text =
    typeof value === "boolean"
      ? value
        ? "yes"
        : "no"
      : typeof value === "number"
        ? Number.isInteger(value)
          ? value.toLocaleString("en-US")
          : value.toLocaleString("en-US", { maximumFractionDigits: 3 })
        : value;
  return `${text}${unit ? ` ${unit}` : ""}`.replaceAll("|", "\\|");
}

/** The markdown table of a benchmark's figures. */
export function figuresTable(figures: readonly Figure[]): string[] {
  const rows = figures.map((figure) =>
    [
      figure.name.replaceAll("|", "\\|"),
      cell(figure.value, figure.unit),
      figure.target?.replaceAll("|", "\\|") ?? "—",
      figure.met === undefined ? "—" : figure.met ? "yes" : "**NO**",
    ].join(" | "),
  );
  return ["| figure | measured | target | met? |", "|---|---:|---|:-:|", ...rows.map((row) => `| ${row} |`)];
}
