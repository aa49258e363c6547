/**
 * Random lead desks and desk changes for the decider's properties (events/desk-decide.test.ts) and
 * its storage (test/integration/desk-decide.test.ts): the statuses, a few owners and reasons, a
 * stopped or running clock, a reply. FUZZ_SEED makes a run repeatable.
 */
import fc from "fast-check";
import {
  type DeskChange,
  type DeskState,
  LEAD_STATUSES,
  type LeadStatus,
  SETTABLE_STATUSES,
} from "../../events/desk";

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** fast-check's settings for `runs` cases, with FUZZ_SEED when given. */
export const deskRuns = (numRuns: number) => ({ numRuns, ...(seed !== undefined ? { seed } : {}) });

export const OWNERS = ["ann", "bo", "cy"] as const;
const REASONS = ["No budget", "Went elsewhere", ""] as const;
const TIMES = ["2026-11-17T15:00:00.000Z", "2026-11-18T09:30:00.000Z"] as const;

const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

/**
 * A desk as the desk leaves it: a status (none: stored before the desk), Lost with its reason,
 * maybe an owner, a clock stopped or not. `linked`: also linked submissions.
 */
export function deskState({ linked = false } = {}): fc.Arbitrary<DeskState> {
  const statuses = LEAD_STATUSES.filter((status) => linked || status !== "linked");
  return fc
    .record({
      status: maybe(fc.constantFrom<LeadStatus>(...statuses)),
      owner: maybe(fc.constantFrom(...OWNERS)),
      lostReason: fc.constantFrom(...REASONS),
      respondedAt: maybe(fc.constantFrom(...TIMES)),
    })
    .map(({ lostReason, ...state }) =>
      withoutUndefined({ ...state, ...(state.status === "lost" ? { lostReason } : {}) }),
    );
}

/** Any change the desk's callers make: a status (Lost with or without a reason), an owner or nobody, a reply. */
export const deskChange: fc.Arbitrary<DeskChange> = fc
  .record({
    status: maybe(fc.constantFrom(...SETTABLE_STATUSES)),
    lostReason: maybe(fc.constantFrom(...REASONS)),
    owner: maybe(fc.constantFrom<string | null>(null, ...OWNERS)),
    reply: maybe(fc.constant({ to: "pat@example.com", subject: "Re: your signup", text: "Hi Pat" })),
  })
  .map(withoutUndefined);

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}
