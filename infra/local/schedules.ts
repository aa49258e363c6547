/**
 * Locally, the scheduled functions of functions/registry.ts run on a timer in the runtime (the
 * same handler EventBridge invokes in AWS): every `localSeconds`, or the seconds in the
 * definition's `localIntervalEnv` (0: no timer), and those marked `localAtStart` once at start.
 * Runs of one function never overlap on the timer;
 * `run()` (POST /__local/schedule) runs one at once, at an optional given time, for tests.
 */
import type { ScheduledEvent } from "aws-lambda";
import type { ScheduledFunctionDefinition } from "../../functions/registry";
import { type HandlerLoader, lambdaContext } from "./lambda";

export class LocalSchedules {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<unknown>>();
  private stopped = false;

  constructor(
    private readonly definitions: readonly ScheduledFunctionDefinition[],
    private readonly options: {
      loader: HandlerLoader;
      env: NodeJS.ProcessEnv;
      onError: (error: unknown) => void;
      /** After a run: its e-mails wait in the outbox. */
      afterRun: () => void;
    },
  ) {}

  has(name: string): boolean {
    return this.definitions.some((definition) => definition.name === name);
  }

  start(): void {
    for (const definition of this.definitions) {
      const configured = this.options.env[definition.localIntervalEnv];
      const seconds =
        configured === undefined || configured === "" ? definition.localSeconds : Number(configured);
      if (!Number.isFinite(seconds) || seconds < 0)
        throw new Error(`${definition.localIntervalEnv} must be a number of seconds (0: no timer)`);
      if (seconds === 0) continue;
      const timer = setInterval(() => {
        if (this.running.has(definition.name)) return;
        const run = this.run(definition.name)
          .catch(this.options.onError)
          .finally(() => this.running.delete(definition.name));
        this.running.set(definition.name, run);
      }, seconds * 1000);
      timer.unref();
      this.timers.push(timer);
    }
  }

  /**
   * Runs each function marked `localAtStart` until its result says `done` (the desk backfill):
   * before the runtime answers, so what it brings in is there for the first request. A failure is
   * reported, not thrown: the runtime starts anyway and the next start tries again.
   */
  async runAtStart(): Promise<void> {
    for (const definition of this.definitions.filter((candidate) => candidate.localAtStart)) {
      try {
        for (;;) {
          const result = (await this.run(definition.name)) as { done?: unknown } | undefined;
          if (result?.done !== false) break;
        }
      } catch (error) {
        this.options.onError(error);
      }
    }
  }

  /** One run of the named function, judging `time` (default: now); its result. */
  async run(name: string, time: Date = new Date()): Promise<unknown> {
    const definition = this.definitions.find((candidate) => candidate.name === name);
    if (!definition || this.stopped) throw new Error(`No scheduled function ${name}`);
    const handler = await this.options.loader.load(definition.entry);
    const event: Partial<ScheduledEvent> = {
      source: "aws.events",
      "detail-type": "Scheduled Event",
      time: time.toISOString(),
      detail: {},
    };
    try {
      return await handler(event, lambdaContext(definition.name));
    } finally {
      this.options.afterRun();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    await Promise.allSettled([...this.running.values()]);
  }
}
