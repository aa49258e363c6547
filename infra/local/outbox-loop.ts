/**
 * Locally, nothing streams the outbox table to a relay (DynamoDB Streams in AWS), so the runtime
 * sweeps it: once at start, on an interval, and on a nudge after each accepted write. Sweeps never
 * overlap; a nudge during a sweep runs one more sweep after it, so no write waits for the interval.
 */
export class OutboxLoop {
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private paused = false;

  constructor(
    private readonly sweep: () => Promise<unknown>,
    private readonly options: { intervalMs: number; onError: (error: unknown) => void },
  ) {}

  start(): void {
    this.nudge();
    this.timer = setInterval(() => this.nudge(), this.options.intervalMs);
    this.timer.unref();
  }

  /**
   * Holds the sweeps (local only: the api bench measures the API without the relay and workers,
   * which run on their own compute in AWS); the events wait in the outbox table, nothing is lost.
   */
  pause(): void {
    this.paused = true;
  }

  /** Sweeps again, at once. */
  resume(): void {
    this.paused = false;
    this.nudge();
  }

  /** Asks for a sweep as soon as possible. */
  nudge(): void {
    if (this.stopped || this.paused) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
  }

  /** Resolves when no sweep is running or due (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.idle();
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.sweep();
      } catch (error) {
        this.options.onError(error);
      }
    } while (this.again && !this.stopped && !this.paused);
  }
}
