/**
 * The histogram buckets of a reply time, shared by the dashboard's day figures
 * (./response-figures.ts) and the Sources report's (./source-figures.ts).
 */

const MINUTE_MS = 60_000;
/**
 * Reply times below this many minutes (14 days of clock time and 3 minutes: an edge of the
 * display's 0.1 h steps) are counted per minute, above it per 6 minutes.
 */
const MINUTE_BUCKETS_BELOW = 14 * 24 * 60 + 3;
const WIDE_BUCKET = 6;

/**
 * The histogram bucket of a reply time: the minute it starts at, one minute wide below 14 days of
 * clock time and six above. The dashboard shows the median in steps of 0.1 h (6 minutes) whose edges
 * (x.x5 h) fall on whole minutes, 3 past a multiple of 6; so each bucket lies inside one step, and
 * the median read from the histogram shows as the exact one whenever the middle reply (or both
 * middle replies) fall in one bucket; otherwise it is within half a bucket of it.
 */
export function replyBucket(replyMs: number): number {
  const minutes = Math.floor(Math.max(0, replyMs) / MINUTE_MS);
  if (minutes < MINUTE_BUCKETS_BELOW) return minutes;
  return MINUTE_BUCKETS_BELOW + Math.floor((minutes - MINUTE_BUCKETS_BELOW) / WIDE_BUCKET) * WIDE_BUCKET;
}

/** The reply time a bucket stands for: its middle. */
export function bucketValueMs(bucket: number): number {
  const width = bucket < MINUTE_BUCKETS_BELOW ? 1 : WIDE_BUCKET;
  return (bucket + width / 2) * MINUTE_MS;
}
