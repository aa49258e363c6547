import { Agent, request } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { dynaliteWithTransactions, LIST_TABLES_HEADERS } from "./dynalite-transactions";
import { closeServer, listen } from "./net";

/** One ListTables call on `agent`'s pooled connection; resolves with the socket it used. */
function listTables(port: number, agent: Agent) {
  return new Promise<import("node:net").Socket>((resolve, reject) => {
    const call = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/",
        agent,
        headers: LIST_TABLES_HEADERS,
      },
      (answer) => {
        answer.resume();
        answer.on("end", () => resolve(call.socket as import("node:net").Socket));
      },
    );
    call.on("error", reject);
    call.end("{}");
  });
}

describe("the local DynamoDB stand-in", () => {
  it("keeps an idle keep-alive connection open, so a pooled socket is never closed under a request", async () => {
    const server = dynaliteWithTransactions({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
    expect(server.keepAliveTimeout).toBe(0);
    const port = await listen(server, 0, "127.0.0.1");
    expect((server.address() as AddressInfo).port).toBe(port);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await listTables(port, agent);
      let closed = false;
      first.once("close", () => {
        closed = true;
      });
      // Past Node's default idle limit of 5 s: the server would have closed it by now.
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      expect(closed).toBe(false);
      expect(await listTables(port, agent)).toBe(first);
    } finally {
      agent.destroy();
      await closeServer(server);
    }
  });
});
