/**
 * Property-based fuzzing of every HTTP route over real HTTP against the local runtime (docs/decisions/0030-property-based-fuzzing.md).
 * The properties live in test/support/fuzz-routes.ts; `npm run bench -- fuzz` runs the same ones
 * with 10,000+ cases per public route.
 *
 *   FUZZ_SEED=123 FUZZ_RUNS=500 npx vitest run --config test/vitest.config.ts --project integration test/fuzz
 *
 * The seed is printed at start; a failure prints the command that replays the shrunk case.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContactRequest } from "../../events";
import { fuzzSettings, rawRequest, runFuzz } from "../support/fuzz";
import {
  FUZZ_TARGETS,
  type FuzzContext,
  heaviestValidContact,
  noteAccepted,
  startFuzzRuntimes,
  unfuzzedRoutes,
} from "../support/fuzz-routes";

const settings = fuzzSettings();
const RERUN = "npx vitest run --config test/vitest.config.ts --project integration test/fuzz";
let context: FuzzContext;
let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  console.log(`fuzz: FUZZ_SEED=${settings.seed} FUZZ_RUNS=${settings.runs}`);
  ({ context, stop } = await startFuzzRuntimes());
});
afterAll(async () => {
  await stop?.();
});

describe("fuzzing every HTTP route", () => {
  it("covers every route of functions/registry.ts", () => {
    expect(unfuzzedRoutes()).toEqual([]);
  });

  // Found by the fuzzer (docs/decisions/0030): at 16 KB the body limit refused a contact message at
  // the field limits in CJK text (16.8 KB of JSON). The limit is now 64 KiB; this keeps it so.
  it("accepts the heaviest valid contact body", async () => {
    const body = heaviestValidContact();
    expect(ContactRequest.safeParse(body).success).toBe(true);
    const answer = await rawRequest(context.runtime.url, {
      method: "POST",
      target: "/api/contact",
      headers: [["Content-Type", "application/json"]],
      body: Buffer.from(JSON.stringify(body)),
    });
    expect(answer.status).toBe(201);
    noteAccepted("contacts", answer);
  });

  for (const target of FUZZ_TARGETS) {
    it(target.name, { timeout: 120_000 }, async () => {
      const outcome = await runFuzz(target.name, target.property(context), settings, RERUN);
      console.log(
        `fuzz: ${target.name}: ${outcome.cases} cases in ${outcome.seconds.toFixed(1)} s, seed ${outcome.seed}`,
      );
      if (outcome.failure) throw new Error(outcome.failure);
      await target.finish?.(context);
    });
  }
});
