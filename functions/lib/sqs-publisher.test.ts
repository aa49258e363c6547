import { SendMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import { mockClient } from "aws-sdk-client-mock";
import { describe, expect, it } from "vitest";
import type { DomainEvent } from "../../events/envelopes";
import { queuesFor } from "../registry";
import { SqsPublisher } from "./sqs-publisher";

const signupEvent: DomainEvent = {
  type: "signup.created",
  version: 1,
  id: "e-1",
  occurredAt: "2025-03-04T10:00:00.000Z",
  data: {
    id: "s-1",
    firstName: "A",
    lastName: "B",
    email: "a@example.com",
    teamSize: "solo",
    productLines: "single",
    createdAt: "2025-03-04T10:00:00.000Z",
  },
};

describe("SqsPublisher", () => {
  const sqs = new SQSClient({ region: "us-east-1" });
  const mock = mockClient(sqs);
  const urls: Record<string, string> = {
    ENRICHMENT_QUEUE_URL: "https://sqs.example/enrichment",
    NOTIFICATION_QUEUE_URL: "https://sqs.example/notification",
    ACKNOWLEDGEMENT_QUEUE_URL: "https://sqs.example/acknowledgement",
    WEBHOOK_EVENTS_QUEUE_URL: "https://sqs.example/webhook-events",
  };
  const publisher = new SqsPublisher(queuesFor, sqs, (envVar) => urls[envVar] ?? "");

  it("sends the envelope to every queue that consumes its type, with the type and queue as attributes", async () => {
    mock.reset();
    mock.on(SendMessageCommand).resolves({ MessageId: "m" });
    await publisher.publish(signupEvent);
    const inputs = mock.commandCalls(SendMessageCommand).map((call) => call.args[0].input);
    expect(inputs.map((input) => input.QueueUrl).sort()).toEqual([
      urls.ACKNOWLEDGEMENT_QUEUE_URL,
      urls.ENRICHMENT_QUEUE_URL,
      urls.NOTIFICATION_QUEUE_URL,
      urls.WEBHOOK_EVENTS_QUEUE_URL,
    ]);
    for (const input of inputs) {
      expect(input.QueueUrl).toBe(`https://sqs.example/${input.MessageAttributes?.queue?.StringValue}`);
      expect(JSON.parse(input.MessageBody ?? "")).toEqual(signupEvent);
      expect(input.MessageAttributes?.eventType).toEqual({
        DataType: "String",
        StringValue: "signup.created",
      });
    }
  });

  it("sends a contact event to the two mail lanes and the webhooks' fan-out only", async () => {
    mock.reset();
    mock.on(SendMessageCommand).resolves({});
    await publisher.publish({
      ...signupEvent,
      type: "contact.received",
      data: {
        id: "c",
        firstName: "A",
        lastName: "B",
        email: "a@example.com",
        subject: "sales",
        message: "m",
        newsletter: false,
        createdAt: signupEvent.occurredAt,
      },
    });
    expect(mock.commandCalls(SendMessageCommand).map((call) => call.args[0].input.QueueUrl)).toEqual([
      urls.NOTIFICATION_QUEUE_URL,
      urls.ACKNOWLEDGEMENT_QUEUE_URL,
      urls.WEBHOOK_EVENTS_QUEUE_URL,
    ]);
  });

  it("leaves out the queues it is told to skip, and sends nothing when none is left (decision 0108)", async () => {
    mock.reset();
    mock.on(SendMessageCommand).resolves({});
    await publisher.publish(signupEvent, { skipQueues: new Set(["webhook-events"]) });
    expect(
      mock
        .commandCalls(SendMessageCommand)
        .map((call) => call.args[0].input.QueueUrl)
        .sort(),
    ).toEqual([urls.ACKNOWLEDGEMENT_QUEUE_URL, urls.ENRICHMENT_QUEUE_URL, urls.NOTIFICATION_QUEUE_URL]);
    mock.reset();
    await publisher.publish({ ...signupEvent, type: "lead.owner_changed" } as unknown as DomainEvent, {
      skipQueues: new Set(["webhook-events"]),
    });
    expect(mock.commandCalls(SendMessageCommand)).toEqual([]);
  });

  it("fails when a queue refuses, so the outbox item stays for the next relay", async () => {
    mock.reset();
    mock.on(SendMessageCommand).rejects(Object.assign(new Error("throttled"), { name: "RequestThrottled" }));
    await expect(publisher.publish(signupEvent)).rejects.toThrow("throttled");
  });
});
