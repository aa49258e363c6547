/**
 * The acknowledgement e-mail cannot be turned into a relay, over real HTTP against the local
 * runtime (aws-ses-v2-local): a visitor's text in the first name never reaches the recipient
 * (links and long text give the neutral greeting), and one address receives at most
 * ACKNOWLEDGEMENTS_PER_RECIPIENT_PER_DAY acknowledgements a day — while staff still get every alert
 * and every submission is stored.
 */

import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACKNOWLEDGEMENTS_PER_RECIPIENT_PER_DAY,
  takeAcknowledgementQuota,
} from "../../functions/pipeline/notifications";
import type { Email } from "../support/runtime";
import { type RuntimeProcess, startRuntime } from "../support/runtime";
import { call, FIRST_ADMIN, FIRST_ADMIN_ENV, signIn } from "./auth-support";

const STAFF = "staff@repdesk.example.com";
let runtime: RuntimeProcess;

let admin: string;

beforeAll(async () => {
  runtime = await startRuntime({ env: FIRST_ADMIN_ENV });
  admin = await signIn(runtime, FIRST_ADMIN.username, FIRST_ADMIN.password);
});
afterAll(async () => {
  await runtime?.stop();
});

const signup = (firstName: string, email: string) =>
  call(runtime, "POST", "/api/signup", {
    body: { firstName, lastName: "Doe", email, teamSize: "solo", productLines: "multiple" },
  });

const to = (address: string) => (email: Email) => email.destination.to.includes(address);
const everything = (email: Email) => `${email.subject}\n${email.body.text ?? ""}\n${email.body.html ?? ""}`;

/** Waits until the inbox holds `count` e-mails matching `filter` (the workers run asynchronously). */
async function waitForEmails(filter: (email: Email) => boolean, count: number): Promise<Email[]> {
  return runtime.waitFor(async () => {
    const found = (await runtime.emails()).filter(filter);
    return found.length >= count ? found : undefined;
  });
}

describe("acknowledgement e-mails", () => {
  it("carry none of the visitor's text when the first name holds a message and a link", async () => {
    const victim = "victim-1@example.org";
    const phishing = "Your account is locked. Reset at https://evil.example/reset";
    const sent = await signup(phishing, victim);
    expect(sent.status).toBe(201);
    // A link in a name field: the spam judge holds it (docs/decisions/0150). Staff releasing it is
    // when its e-mails go out, and the acknowledgement must still carry none of that text.
    const released = await call(runtime, "POST", "/api/admin/desk/not-spam", {
      cookie: admin,
      body: { kind: "signup", id: (sent.json as { id: string }).id },
    });
    expect(released.json).toMatchObject({ outcome: "released" });
    const [acknowledgement] = await waitForEmails(to(victim), 1);
    const text = everything(acknowledgement as Email);
    expect(text).not.toContain("evil.example");
    expect(text).not.toContain("locked");
    expect(acknowledgement?.body.text).toMatch(/^Hi there,/);
    // Staff see what was sent.
    const [alert] = await waitForEmails((email) => to(STAFF)(email) && everything(email).includes(victim), 1);
    expect(everything(alert as Email)).toContain("evil.example");
  });

  it("greet a plain first name", async () => {
    const prospect = "ann-1@example.org";
    expect((await signup("Anne-Marie", prospect)).status).toBe(201);
    const [acknowledgement] = await waitForEmails(to(prospect), 1);
    expect(acknowledgement?.body.text).toMatch(/^Hi Anne-Marie,/);
  });

  it("go to one address at most the daily cap; staff get every alert, every signup is stored", async () => {
    const victim = "victim-2@example.org";
    const sent = ACKNOWLEDGEMENTS_PER_RECIPIENT_PER_DAY + 3;
    for (let i = 0; i < sent; i++) expect((await signup("Sam", victim)).status).toBe(201);
    await waitForEmails((email) => to(STAFF)(email) && everything(email).includes(victim), sent);
    // Every alert is out; give the acknowledgements of the same events the same chance.
    await runtime.waitFor(async () => {
      const queue = (await runtime.queues()).queues.notification;
      return queue?.pending === 0 && queue.inFlight === 0;
    });
    const acknowledgements = (await runtime.emails()).filter(to(victim));
    expect(acknowledgements).toHaveLength(ACKNOWLEDGEMENTS_PER_RECIPIENT_PER_DAY);
    const stored = await runtime.db.send(
      new ScanCommand({
        TableName: runtime.table("signups"),
        FilterExpression: "email = :email",
        ExpressionAttributeValues: { ":email": victim },
      }),
    );
    expect(stored.Items).toHaveLength(sent);
  });

  it("hold the cap under parallel workers and keep a redelivered event's place", async () => {
    const deps = {
      db: runtime.db,
      ephemeralTable: runtime.table("ephemeral"),
      clock: () => new Date("2026-11-23T12:00:00.000Z"),
    };
    const taken = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        takeAcknowledgementQuota(deps, "Parallel@Example.org", `event-${i}`),
      ),
    );
    expect(taken.filter(Boolean)).toHaveLength(ACKNOWLEDGEMENTS_PER_RECIPIENT_PER_DAY);
    const winner = `event-${taken.indexOf(true)}`;
    expect(await takeAcknowledgementQuota(deps, "parallel@example.org", winner)).toBe(true);
    expect(await takeAcknowledgementQuota(deps, "parallel@example.org", "event-new")).toBe(false);
    // The next UTC day has a fresh quota.
    const tomorrow = { ...deps, clock: () => new Date("2026-11-24T00:00:00.000Z") };
    expect(await takeAcknowledgementQuota(tomorrow, "parallel@example.org", "event-new")).toBe(true);
  });
});
