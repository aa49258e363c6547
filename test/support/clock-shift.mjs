/**
 * A process whose clock reads another instant: `Date.now()`, `new Date()` and `Date()` return the
 * real time plus an offset, and the clock keeps ticking from there. Timers, `performance.now()` and
 * dates built from a value are untouched.
 *
 * Loaded with `node --import` (NODE_OPTIONS) by `npm run test:at` (test/support/test-at.ts) for a
 * whole test run, and by test/support/runtime.ts for a runtime that a test starts on a pinned clock.
 * It does nothing unless one of two settings is there:
 *
 * - TEST_CLOCK_OFFSET_MS: milliseconds added to the real clock. Every process of a run reads the
 *   same value (child processes inherit it), so they all agree on the time.
 * - TEST_CLOCK_AT: an ISO instant the clock reads now; the first process turns it into
 *   TEST_CLOCK_OFFSET_MS for itself and for every process it starts.
 *
 * Plain JavaScript with no imports, so that Node.js loads it before any loader, and so that the
 * same `shiftDate` can be sent to a browser page as text (test/e2e/site-support.ts).
 */

/**
 * Makes `scope.Date` read `offsetMs` ahead of the real clock (behind, if negative), whether or not
 * it was shifted before. Self-contained: it refers to nothing outside its own body.
 */
export function shiftDate(scope, offsetMs) {
  const RealDate = scope.Date.unshifted ?? scope.Date;
  const realNow = RealDate.now.bind(RealDate);
  const now = () => realNow() + offsetMs;
  scope.Date = new Proxy(RealDate, {
    construct(target, args, newTarget) {
      return Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget);
    },
    apply() {
      return new RealDate(now()).toString();
    },
    get(target, property, receiver) {
      if (property === "now") return now;
      if (property === "unshifted") return RealDate;
      return Reflect.get(target, property, receiver);
    },
  });
}

/** The real clock, whether or not this process's clock is shifted. */
export function realNow() {
  const RealDate = globalThis.Date.unshifted ?? globalThis.Date;
  return RealDate.now();
}

/** The offset in force for this process and its children, from the two settings (0 without them). */
export function offsetFromEnvironment(env) {
  if (env.TEST_CLOCK_OFFSET_MS) {
    const offset = Number(env.TEST_CLOCK_OFFSET_MS);
    if (!Number.isInteger(offset)) throw new Error(`TEST_CLOCK_OFFSET_MS is not a whole number: ${offset}`);
    return offset;
  }
  if (env.TEST_CLOCK_AT) {
    const at = Date.parse(env.TEST_CLOCK_AT);
    if (Number.isNaN(at)) throw new Error(`TEST_CLOCK_AT is not an instant: ${env.TEST_CLOCK_AT}`);
    return at - realNow();
  }
  return 0;
}

const offset = offsetFromEnvironment(process.env);
if (offset !== 0) {
  process.env.TEST_CLOCK_OFFSET_MS = String(offset);
  shiftDate(globalThis, offset);
}
