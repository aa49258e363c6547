/**
 * aws-ses-v2-local on a free port, for tests that check what was really sent. Like the runtime's,
 * it answers only this machine's own clients (infra/local/local-only.ts).
 */
import type { AddressInfo } from "node:net";
import { SESv2Client } from "@aws-sdk/client-sesv2";
import sesLocal from "aws-ses-v2-local";
import type { Email } from "aws-ses-v2-local/dist/store";
import { guardLocalOnly } from "../../infra/local/local-only";
import { TEST_CREDENTIALS, TEST_REGION } from "./dynamo";

export interface TestSes {
  readonly endpoint: string;
  readonly client: SESv2Client;
  /** Every e-mail received so far (GET /store). */
  emails(): Promise<Email[]>;
  clear(): Promise<void>;
  close(): Promise<void>;
}

export async function startSesLocal(): Promise<TestSes> {
  const server = await sesLocal({ host: "127.0.0.1", port: 0 });
  guardLocalOnly(server);
  if (!server.listening) await new Promise((resolve) => server.once("listening", resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new SESv2Client({
    endpoint,
    region: TEST_REGION,
    credentials: TEST_CREDENTIALS,
    maxAttempts: 1,
  });
  return {
    endpoint,
    client,
    async emails() {
      const response = await fetch(`${endpoint}/store`);
      return ((await response.json()) as { emails: Email[] }).emails;
    },
    async clear() {
      await fetch(`${endpoint}/clear-store`, { method: "POST" });
    },
    async close() {
      client.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
