/** Text helpers shared by web, functions and infra; no zod, so the public site can load them. */

/**
 * "/pricing///" -> "/pricing". A loop, not `replace(/\/+$/, "")`: that pattern restarts at every
 * slash of a run and is quadratic on a long run of slashes not at the end (40,000 took 1.4 s).
 */
export function trimTrailingSlashes(value: string): string {
  let end = value.length;
  while (end > 0 && value.charCodeAt(end - 1) === 0x2f) end -= 1;
  return value.slice(0, end);
}
