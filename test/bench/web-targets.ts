/**
 * What `npm run bench -- web` holds each public route to (docs/product/targets.md), in a module of
 * its own so that a test can read a target without loading Lighthouse and the site's build.
 */
export const TARGETS = {
  performance: 0.99,
  accessibility: 1,
  bestPractices: 1,
  seo: 1,
  /** The first screen paints from the HTML alone (docs/decisions/0105-paint-before-hydration.md). */
  lcpMs: 1200,
  fcpMs: 1000,
  tbtMs: 150,
  cls: 0.02,
  jsGzipBytes: 90_000,
  /**
   * The page's response, headers and compressed body, within a new connection's first round trip:
   * TCP's initial window of ten 1,460-byte segments (RFC 6928), which Lighthouse's simulation of
   * slow 4G uses too (docs/decisions/0113-first-paint-in-the-first-round-trip.md).
   */
  htmlTransferBytes: 14_600,
} as const;
