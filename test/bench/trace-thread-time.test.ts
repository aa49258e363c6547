import { describe, expect, it } from "vitest";
import { type TraceEvent, threadTimeAfterPaint } from "./trace-thread-time";

const MAIN = { pid: 1, tid: 1 };
const ms = (value: number) => value * 1000;

function task(startMs: number, wallMs: number, cpuMs: number, thread = MAIN): TraceEvent {
  return { name: "RunTask", ph: "X", ts: ms(startMs), dur: ms(wallMs), tdur: ms(cpuMs), ...thread };
}

const paintAt = (atMs: number): TraceEvent => ({
  name: "firstContentfulPaint",
  ph: "R",
  ts: ms(atMs),
  ...MAIN,
});

describe("threadTimeAfterPaint", () => {
  it("counts 4 × thread time − 50 ms of each top-level task from the first paint, not its wall time", () => {
    const figures = threadTimeAfterPaint([
      paintAt(100),
      task(10, 80, 40), // before the paint: not counted
      task(100, 200, 20), // 4 × 20 − 50 = 30, whatever its 200 ms of wall time
      task(400, 30, 10), // 40 < 50: not blocking
      task(500, 60, 25), // 4 × 25 − 50 = 50
    ]);
    expect(figures?.blockingMs).toBe(80);
    expect(figures?.cpuMs).toBe(55);
    expect(figures?.largestTasksMs).toEqual([25, 20, 10]);
  });

  it("counts a nested task once, as part of the task around it", () => {
    const figures = threadTimeAfterPaint([
      paintAt(0),
      task(10, 100, 30),
      task(20, 50, 25), // inside the first
      { ...task(20, 50, 25), name: "ThreadControllerImpl::RunTask" },
      task(200, 10, 5),
    ]);
    expect(figures?.largestTasksMs).toEqual([30, 5]);
    expect(figures?.blockingMs).toBe(70);
  });

  it("reads the thread the first paint was recorded on, not the browser's or another renderer's", () => {
    const figures = threadTimeAfterPaint([
      paintAt(0),
      task(10, 100, 90, { pid: 2, tid: 2 }),
      task(10, 100, 90, { pid: 1, tid: 7 }),
      task(300, 20, 15),
    ]);
    expect(figures?.largestTasksMs).toEqual([15]);
    expect(figures?.blockingMs).toBe(10);
  });

  it("has nothing to say about a trace without a first contentful paint", () => {
    expect(threadTimeAfterPaint([task(0, 100, 90)])).toBeNull();
  });
});
