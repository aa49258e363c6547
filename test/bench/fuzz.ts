/**
 * `npm run bench -- fuzz [--runs N] [--seed S]`: the fuzz properties of test/support/fuzz-routes.ts
 * with many more cases than CI: at least 10,000 per public route (default N = 10,000 per hostile
 * property, N/5 for the valid-input and signed-in admin properties), against one local runtime.
 * Prints, per property, the cases, failures, rate (cases/s) and seed; a failure prints the command
 * that replays the shrunk case. FUZZ_SEED / FUZZ_PATH work as in the test suite.
 */
import { type FuzzOutcome, fuzzSettings, runFuzz } from "../support/fuzz";
import { FUZZ_TARGETS, type FuzzTarget, startFuzzRuntimes } from "../support/fuzz-routes";
import { atLeast, atMost, type BenchResult, type Figure, info } from "./figures";

const PUBLIC_ROUTE_CASES = 10_000;

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

/** Cases for one property: the full count for hostile input on public routes, a fifth otherwise. */
function runsFor(target: FuzzTarget, base: number): number {
  return target.public && !target.name.includes("valid input") ? base : Math.max(1, Math.round(base / 5));
}

export async function run(args: string[]): Promise<BenchResult> {
  const seedArg = option(args, "--seed");
  if (seedArg) process.env.FUZZ_SEED = seedArg;
  const base = Number(option(args, "--runs") ?? PUBLIC_ROUTE_CASES);
  const settings = fuzzSettings(base);
  const rerun = "npm run bench -- fuzz";
  console.log(`seed ${settings.seed} (FUZZ_SEED=${settings.seed} to repeat), ${base} cases per public route`);

  const { context, stop } = await startFuzzRuntimes();
  const outcomes: (FuzzOutcome & { routes: readonly string[]; public: boolean })[] = [];
  try {
    console.log(`${"property".padEnd(62)} ${"cases".padStart(7)} failures ${"cases/s".padStart(8)}  seed`);
    for (const target of FUZZ_TARGETS) {
      const outcome = await runFuzz(
        target.name,
        target.property(context),
        { ...settings, runs: process.env.FUZZ_RUNS ? settings.runs : runsFor(target, base) },
        rerun,
      );
      let finishFailure: string | undefined;
      if (!outcome.failure)
        await target.finish?.(context).catch((error: Error) => (finishFailure = error.message));
      const result = finishFailure
        ? { ...outcome, failures: outcome.failures + 1, failure: finishFailure }
        : outcome;
      outcomes.push({ ...result, routes: target.routes, public: target.public });
      console.log(
        `${target.name.padEnd(62)} ${String(result.cases).padStart(7)} ${String(result.failures).padStart(8)} ${(result.cases / result.seconds).toFixed(0).padStart(8)}  ${result.seed}`,
      );
      if (result.failure) console.log(result.failure);
    }
  } finally {
    await stop();
  }

  const figures: Figure[] = [info("seed", String(settings.seed))];
  const publicRoutes = [...new Set(outcomes.filter((o) => o.public).flatMap((o) => o.routes))];
  for (const route of publicRoutes) {
    const mine = outcomes.filter((outcome) => outcome.public && outcome.routes.includes(route));
    const cases = mine.reduce((sum, outcome) => sum + outcome.cases, 0);
    const seconds = mine.reduce((sum, outcome) => sum + outcome.seconds, 0);
    figures.push(
      atLeast(`${route}: cases`, cases, "cases", PUBLIC_ROUTE_CASES),
      atMost(
        `${route}: failures`,
        mine.reduce((sum, outcome) => sum + outcome.failures, 0),
        "",
        0,
      ),
      info(`${route}: rate`, Math.round(cases / seconds), "cases/s"),
    );
  }
  console.log("\nper public route (all its properties):");
  for (const figure of figures.slice(1)) {
    const target = figure.target ? `  (target ${figure.target}) ${figure.met ? "ok" : "MISSED"}` : "";
    console.log(
      `  ${figure.name.padEnd(40)} ${String(figure.value).padStart(7)} ${figure.unit ?? ""}${target}`,
    );
  }
  for (const outcome of outcomes.filter((o) => !o.public)) {
    figures.push(
      info(`${outcome.name}: cases`, outcome.cases, "cases"),
      atMost(`${outcome.name}: failures`, outcome.failures, "", 0),
      info(`${outcome.name}: rate`, Math.round(outcome.cases / outcome.seconds), "cases/s"),
    );
  }
  const details = outcomes.map(({ name, cases, failures, seconds, seed, failure }) => ({
    name,
    cases,
    failures,
    casesPerSecond: Math.round(cases / seconds),
    seed,
    ...(failure ? { failure } : {}),
  }));
  return { figures, details };
}
