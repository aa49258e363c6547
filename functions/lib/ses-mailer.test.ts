import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { mockClient } from "aws-sdk-client-mock";
import { describe, expect, it } from "vitest";
import { failFastRequestHandler } from "./request-handler";
import { SesMailer, sendRetryStrategy, sesOutcomeUnknown, sesThrottleOf } from "./ses-mailer";

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

/**
 * A real SES v2 client against a local endpoint that answers as told, counting the requests that
 * reach it: what the SDK's retries do is only visible on the wire (aws-sdk-client-mock replaces
 * the send, retries included).
 */
async function sesAnswering(
  answers: ((response: ServerResponse) => void)[],
  /** Short only where no answer is meant to come; generous elsewhere, for a busy machine. */
  requestTimeoutMs = 10_000,
) {
  let requests = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const answer = answers[Math.min(requests, answers.length - 1)];
      requests += 1;
      answer?.(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const client = new SESv2Client({
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
    retryStrategy: sendRetryStrategy(3, 1),
    requestHandler: failFastRequestHandler(requestTimeoutMs),
  });
  return {
    mailer: new SesMailer(client),
    requests: () => requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const json = (status: number, body: unknown, errorType?: string) => (response: ServerResponse) => {
  response.writeHead(status, {
    "content-type": "application/json",
    ...(errorType ? { "x-amzn-errortype": errorType } : {}),
  });
  response.end(JSON.stringify(body));
};

describe("the SDK's retries of a send", () => {
  it("send once more after SES refused for the rate, and succeed", async () => {
    const ses = await sesAnswering([
      json(429, { message: "Maximum sending rate exceeded." }, "TooManyRequestsException"),
      json(200, { MessageId: "m-1" }),
    ]);
    try {
      await expect(ses.mailer.send(message)).resolves.toEqual({ messageId: "m-1" });
      expect(ses.requests()).toBe(2);
    } finally {
      await ses.close();
    }
  });

  it("never send again after no answer came: SES may have taken it, and the error says so", async () => {
    const ses = await sesAnswering([() => undefined], 300); // takes the request, never answers
    try {
      const error = await ses.mailer.send(message).catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(Error);
      expect(sesOutcomeUnknown(error)).toBe(true);
      expect(ses.requests()).toBe(1);
    } finally {
      await ses.close();
    }
  });

  it("never send again a message SES rejected, and know it was not taken", async () => {
    const ses = await sesAnswering([
      json(400, { message: "Email address is not verified." }, "MessageRejected"),
      json(200, { MessageId: "m-2" }),
    ]);
    try {
      const error = await ses.mailer.send(message).catch((failure: unknown) => failure);
      expect(sesOutcomeUnknown(error)).toBe(false);
      expect(ses.requests()).toBe(1);
    } finally {
      await ses.close();
    }
  });

  it("give up after three attempts when SES keeps failing", async () => {
    const ses = await sesAnswering([json(500, { message: "Internal" }, "InternalFailure")]);
    try {
      const error = await ses.mailer.send(message).catch((failure: unknown) => failure);
      expect(sesOutcomeUnknown(error)).toBe(false);
      expect(ses.requests()).toBe(3);
    } finally {
      await ses.close();
    }
  });
});
