/**
 * Proxies the local runtime puts in front of a dependency when LOCAL_FAULTS=1 (./faults.ts), so a
 * fault test can take the dependency away while the functions keep their ordinary clients:
 *
 * - `TcpGate`: a plain TCP relay (DynamoDB). "down": it resets every open connection and every new
 *   one at once — the functions' SDK sees ECONNRESET, as when the endpoint is unreachable. "hang":
 *   connections stay open but nothing goes through either way — the SDK's request timeout fires.
 * - `HttpRefuser`: an HTTP relay (SES v2). Refusing, it answers each request itself with an SES
 *   error instead of forwarding it, as SES does when the account's sending is paused.
 */
import { createServer as createHttpServer, request as httpRequest, type Server } from "node:http";
import { connect, createServer as createTcpServer, type Socket } from "node:net";
import { closeServer, keepIdleConnections, listen } from "./net";

const HOST = "127.0.0.1";

function portOf(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port) };
}

export type GateMode = "up" | "down" | "hang";

export class TcpGate {
  /** Connections reset (down) or held (hang). */
  refused = 0;
  private current: GateMode = "up";
  private readonly open = new Set<Socket>();
  private readonly held = new Set<Socket>();

  private constructor(
    private readonly server: ReturnType<typeof createTcpServer>,
    readonly endpoint: string,
  ) {}

  /** Listens on a free port and relays to `target` (an http://host:port endpoint). */
  static async start(target: string): Promise<TcpGate> {
    const upstream = portOf(target);
    let gate: TcpGate | undefined;
    const server = createTcpServer((client) => gate?.accept(client, upstream));
    const port = await listen(server, 0, HOST);
    gate = new TcpGate(server, `http://${HOST}:${port}`);
    return gate;
  }

  get mode(): GateMode {
    return this.current;
  }

  /**
   * "down" resets every open connection and each new one; "hang" ends the relaying of open ones and
   * holds new ones without an answer (the client gives up on its own); "up" relays new ones again.
   */
  setMode(mode: GateMode): void {
    this.current = mode;
    if (mode === "up") {
      for (const socket of this.held) socket.destroy();
      this.held.clear();
      return;
    }
    for (const socket of this.open) {
      if (mode === "down") socket.resetAndDestroy();
      else this.hold(socket);
    }
    this.open.clear();
  }

  async close(): Promise<void> {
    for (const socket of [...this.open, ...this.held]) socket.destroy();
    this.open.clear();
    this.held.clear();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket, upstream: { host: string; port: number }): void {
    if (this.current !== "up") {
      this.refused += 1;
      if (this.current === "down") client.resetAndDestroy();
      else this.hold(client);
      return;
    }
    const server = connect(upstream.port, upstream.host);
    for (const [socket, other] of [
      [client, server],
      [server, client],
    ] as const) {
      this.open.add(socket);
      socket.on("error", () => other.destroy());
      socket.on("close", () => {
        this.open.delete(socket);
        other.destroy();
      });
    }
    client.pipe(server).pipe(client);
  }

  /** Stops relaying: what arrives is read and dropped, nothing is answered. */
  private hold(socket: Socket): void {
    socket.unpipe();
    socket.removeAllListeners("close");
    socket.removeAllListeners("error");
    socket.on("error", () => undefined);
    socket.on("close", () => this.held.delete(socket));
    socket.on("data", () => undefined);
    socket.resume();
    this.held.add(socket);
  }
}

/** SES v2's answer while an account's sending is paused (a 400 the SDK does not retry). */
const SES_REFUSAL = {
  status: 400,
  type: "SendingPausedException",
  message: "Sending is paused for this account (fault injection)",
};

export class HttpRefuser {
  /** Requests answered with the refusal. */
  refused = 0;
  refusing = false;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(target: string): Promise<HttpRefuser> {
    const upstream = portOf(target);
    let refuser: HttpRefuser | undefined;
    const server = createHttpServer((request, response) => {
      if (refuser?.refusing) {
        refuser.refused += 1;
        request.resume();
        response.writeHead(SES_REFUSAL.status, {
          "content-type": "application/json",
          "x-amzn-errortype": SES_REFUSAL.type,
        });
        response.end(JSON.stringify({ message: SES_REFUSAL.message }));
        return;
      }
      const forwarded = httpRequest(
        {
          host: upstream.host,
          port: upstream.port,
          method: request.method,
          path: request.url,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forwarded.on("error", () => response.destroy());
      request.pipe(forwarded);
    });
    keepIdleConnections(server);
    const port = await listen(server, 0, HOST);
    refuser = new HttpRefuser(server, `http://${HOST}:${port}`);
    return refuser;
  }

  close(): Promise<void> {
    return closeServer(this.server);
  }
}
