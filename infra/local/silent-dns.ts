/**
 * LOCAL_FAULTS=1 (./faults.ts): a DNS server on this machine that takes every query and never
 * answers — a name whose authoritative servers have gone quiet. Switched on, the runtime process's
 * DNS servers (node:dns/promises, which the webhook guard's resolver asks:
 * functions/integrations/url-guard.ts) are this one; switched off, they are what they were.
 * getaddrinfo (`dns.lookup`, the AWS SDK's) does not use them: DynamoDB and SES stay reachable.
 */
import { createSocket, type Socket } from "node:dgram";
import dns from "node:dns/promises";

export class SilentDns {
  private original: string[] | undefined;
  /** Queries received (and left unanswered). */
  queries = 0;

  private constructor(private readonly socket: Socket) {
    socket.on("message", () => {
      this.queries += 1;
    });
  }

  static async start(): Promise<SilentDns> {
    const socket = createSocket("udp4");
    await new Promise<void>((resolve, reject) => {
      socket.once("error", reject);
      socket.bind(0, "127.0.0.1", () => resolve());
    });
    return new SilentDns(socket);
  }

  get silent(): boolean {
    return this.original !== undefined;
  }

  setSilent(silent: boolean): void {
    if (silent === this.silent) return;
    if (silent) {
      this.original = dns.getServers();
      dns.setServers([`127.0.0.1:${this.socket.address().port}`]);
    } else {
      dns.setServers(this.original ?? []);
      this.original = undefined;
    }
  }

  async close(): Promise<void> {
    this.setSilent(false);
    await new Promise<void>((resolve) => this.socket.close(() => resolve()));
  }
}
