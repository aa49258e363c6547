/**
 * Total Blocking Time by thread time, from a Chromium trace (docs/PERFORMANCE.md, "Long tasks after
 * the first paint"). Lighthouse simulates TBT from each main-thread task's *wall* time times four,
 * which the load of a shared machine stretches several times over; a task's thread time (`tdur`,
 * the CPU the renderer's main thread really used) is what an idle machine would show. So: the sum,
 * over the top-level tasks of the page's main thread that start at or after the first contentful
 * paint, of max(0, 4 × thread time − 50 ms).
 */

/** The fields of a trace event read here (Chrome's Trace Event Format; times in microseconds). */
export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly pid: number;
  readonly tid: number;
}

/** Lighthouse's multiplier for its simulated mobile CPU, and its blocking threshold. */
const CPU_SLOWDOWN = 4;
const BLOCKING_THRESHOLD_MS = 50;

export interface ThreadTimeAfterPaint {
  /** Σ max(0, 4 × thread time − 50 ms) over the top-level tasks from the first contentful paint. */
  readonly blockingMs: number;
  /** The main thread's CPU in those tasks. */
  readonly cpuMs: number;
  /** Their thread times, largest first (at most five). */
  readonly largestTasksMs: readonly number[];
}

/** `null` when the trace holds no first contentful paint. */
export function threadTimeAfterPaint(events: readonly TraceEvent[]): ThreadTimeAfterPaint | null {
  const paint = events.find((event) => event.name === "firstContentfulPaint");
  if (!paint) return null;
  // The paint is recorded on the page's renderer main thread: its tasks are the ones that block.
  const tasks = events
    .filter(
      (event) =>
        event.pid === paint.pid &&
        event.tid === paint.tid &&
        event.ph === "X" &&
        (event.name === "RunTask" || event.name === "ThreadControllerImpl::RunTask"),
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const topLevel: TraceEvent[] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const task of tasks) {
    if (task.ts < end) continue; // nested in the previous top-level task
    topLevel.push(task);
    end = task.ts + (task.dur ?? 0);
  }
  const after = topLevel.filter((task) => task.ts >= paint.ts).map((task) => (task.tdur ?? 0) / 1000);
  return {
    blockingMs: after.reduce((sum, ms) => sum + Math.max(0, CPU_SLOWDOWN * ms - BLOCKING_THRESHOLD_MS), 0),
    cpuMs: after.reduce((sum, ms) => sum + ms, 0),
    largestTasksMs: [...after].sort((a, b) => b - a).slice(0, 5),
  };
}
