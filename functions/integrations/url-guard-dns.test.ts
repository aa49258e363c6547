/**
 * The guard's own resolver (./url-guard.ts systemResolver) against DNS servers on this machine: one
 * that answers, and one that never does — which it stops asking as soon as it is told to, so a
 * hostile name server costs a delivery no more than the time limit.
 */
import { createSocket, type Socket } from "node:dgram";
import dns from "node:dns/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INTEGRATIONS_MESSAGES } from "../../events/webhooks";
import { resolveEndpoint, systemResolver } from "./url-guard";

const A = 1;
const AAAA = 28;

/** The question of a DNS query: where it ends, and the type asked for. */
function question(query: Buffer): { end: number; type: number } {
  let offset = 12;
  while (query[offset] !== 0) offset += (query[offset] ?? 0) + 1;
  return { end: offset + 5, type: query.readUInt16BE(offset + 1) };
}

/** An answer to `query`: its question, then one A record per address (none for other types). */
function answer(query: Buffer, addresses: readonly string[]): Buffer {
  const { end, type } = question(query);
  const records = type === A ? addresses : [];
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  header.writeUInt16BE(0x8180, 2); // a response, recursion available, no error
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  const answers = records.map((address) => {
    const record = Buffer.alloc(16);
    record.writeUInt16BE(0xc00c, 0); // the name: the question's
    record.writeUInt16BE(A, 2);
    record.writeUInt16BE(1, 4); // IN
    record.writeUInt32BE(60, 6);
    record.writeUInt16BE(4, 10);
    for (const [index, part] of address.split(".").entries()) record.writeUInt8(Number(part), 12 + index);
    return record;
  });
  return Buffer.concat([header, query.subarray(12, end), ...answers]);
}

async function dnsServer(onQuery: (socket: Socket, query: Buffer, port: number, address: string) => void) {
  const socket = createSocket("udp4");
  socket.on("message", (query, from) => onQuery(socket, query, from.port, from.address));
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  return { socket, server: `127.0.0.1:${socket.address().port}` };
}

let answering: Awaited<ReturnType<typeof dnsServer>>;
let silent: Awaited<ReturnType<typeof dnsServer>>;
const asked: number[] = [];
const original = dns.getServers();

beforeAll(async () => {
  answering = await dnsServer((socket, query, port, address) => {
    socket.send(answer(query, ["93.184.216.34"]), port, address);
  });
  silent = await dnsServer((_socket, query) => {
    asked.push(question(query).type);
  });
});

afterAll(() => {
  dns.setServers(original);
  answering.socket.close();
  silent.socket.close();
});

describe("the system resolver", () => {
  it("asks the process's DNS servers for A and AAAA and gives the addresses found", async () => {
    dns.setServers([answering.server]);
    const addresses = await systemResolver("hooks.example.com", new AbortController().signal);
    expect(addresses).toEqual([{ address: "93.184.216.34", family: 4 }]);
  });

  it("stops at once when told to, however silent the server", async () => {
    dns.setServers([silent.server]);
    const controller = new AbortController();
    const lookup = systemResolver("hang.example.com", controller.signal);
    // Both questions went out; then the time is up.
    await expect.poll(() => [...new Set(asked)].sort((a, b) => a - b)).toEqual([A, AAAA]);
    controller.abort();
    await expect(lookup).rejects.toMatchObject({ code: "ECANCELLED" });
  });

  it("makes a silent server a refusal within the guard's limit", async () => {
    dns.setServers([silent.server]);
    const result = await resolveEndpoint("https://hang.example.com/", "webhook", {
      allowLoopback: false,
      resolveTimeoutMs: 200,
    });
    expect(result).toMatchObject({ ok: false, reason: INTEGRATIONS_MESSAGES.urlUnresolved });
  });
});
