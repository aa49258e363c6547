/**
 * CPU time of a process and its descendants, from Linux's /proc (user + system, in ms): the
 * lead-time bench reads it for the local runtime and its dynalite child before and after the run.
 * Undefined where /proc is not there (another OS) or the process is gone.
 */
import { readdirSync, readFileSync } from "node:fs";

/** Linux's USER_HZ: /proc counts CPU time in ticks of 1/100 s on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

function ownTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start at state: utime and stime are the
  // 14th and 15th fields of the line, the 12th and 13th after ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

function children(pid: number): number[] {
  const found: number[] = [];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const listed = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
    if (listed) found.push(...listed.split(/\s+/).map(Number));
  }
  return found;
}

export function processTreeCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    let ticks = 0;
    const pending = [pid];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      ticks += ownTicks(next);
      pending.push(...children(next));
    }
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
