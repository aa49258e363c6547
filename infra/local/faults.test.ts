import type { SQSEvent } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { sqsEvent } from "../../test/support/sqs-event";
import { POISON_REASON, withFaults } from "./faults";
import type { BatchConsumer } from "./sqs-batch";

function recordingConsumer() {
  const seen: string[][] = [];
  const consumer: BatchConsumer = async (event: SQSEvent) => {
    seen.push(event.Records.map((record) => record.body));
    return { batchItemFailures: [] };
  };
  return { seen, consumer };
}

describe("withFaults (LOCAL_FAULT_POISON_EVERY)", () => {
  const reason = `${POISON_REASON} (every 3)`;

  it("reports every third message with the poison reason, whatever shares its batch", async () => {
    const { seen, consumer } = recordingConsumer();
    const wrapped = withFaults("enrichment", consumer, { poisonEvery: 3 });
    // One batch of six (two poison among healthy messages), then a batch of only the poison one.
    const mixed = sqsEvent(["a", "b", "c", "d", "e", "f"]);
    const mixedResult = await wrapped(mixed);
    expect(seen).toEqual([["a", "b", "d", "e"]]);
    expect(mixedResult?.batchItemFailures).toEqual([
      { itemIdentifier: mixed.Records[2]?.messageId, reason },
      { itemIdentifier: mixed.Records[5]?.messageId, reason },
    ]);

    const alone = { Records: [mixed.Records[2]] } as SQSEvent;
    const aloneResult = await wrapped(alone);
    expect(seen).toHaveLength(1);
    expect(aloneResult?.batchItemFailures).toEqual([{ itemIdentifier: mixed.Records[2]?.messageId, reason }]);
  });

  it("leaves other queues alone", async () => {
    const { consumer } = recordingConsumer();
    expect(withFaults("notification", consumer, { poisonEvery: 3, poisonQueue: "enrichment" })).toBe(
      consumer,
    );
  });
});
