import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { mockClient } from "aws-sdk-client-mock";
import { describe, expect, it } from "vitest";
import { SesMailer, sesThrottleOf } from "./ses-mailer";

process.env.LOG_LEVEL = "silent";

const message = { from: "a@example.com", to: ["b@example.com"], subject: "s", html: "<p>h</p>", text: "t" };

describe("SES quota refusals", () => {
  it("tells the sending rate from the daily quota, and neither from other errors", () => {
    const error = (name: string, text: string) => Object.assign(new Error(text), { name });
    expect(sesThrottleOf(error("TooManyRequestsException", "Maximum sending rate exceeded."))).toBe("rate");
    expect(sesThrottleOf(error("Throttling", "Maximum sending rate exceeded."))).toBe("rate");
    expect(sesThrottleOf(error("LimitExceededException", "Daily message quota exceeded."))).toBe("daily");
    expect(sesThrottleOf(error("MessageRejected", "Email address is not verified."))).toBeUndefined();
    expect(sesThrottleOf("nope")).toBeUndefined();
  });
});

describe("send pacing", () => {
  it("spaces the sends of one instance by the interval, whatever arrives at once", async () => {
    const client = new SESv2Client({ region: "us-east-1" });
    mockClient(client).on(SendEmailCommand).resolves({ MessageId: "m" });
    let now = 1_000;
    const slept: number[] = [];
    const mailer = new SesMailer(client, undefined, {
      minIntervalMs: 143,
      now: () => now,
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    await Promise.all([mailer.send(message), mailer.send(message), mailer.send(message)]);
    expect(slept).toEqual([143, 286]);
    now += 1_000;
    await mailer.send(message);
    expect(slept).toEqual([143, 286]);
  });
});
