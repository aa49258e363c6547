/** Types of clock-shift.mjs (plain JavaScript so that `node --import` loads it without a loader). */
export function shiftDate(scope: { Date: DateConstructor }, offsetMs: number): void;
export function realNow(): number;
export function offsetFromEnvironment(env: Record<string, string | undefined>): number;
