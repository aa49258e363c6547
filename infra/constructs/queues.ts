/**
 * How every queue of a stage is made: SSE, TLS only, retained with a production stage's data, and
 * its timings derived from the function that consumes it rather than from a shared constant.
 */
import { Duration, RemovalPolicy } from "aws-cdk-lib";
import { Queue, QueueEncryption, type QueueProps } from "aws-cdk-lib/aws-sqs";
import type { Construct } from "constructs";
import type { StageConfig } from "../stages";

/** SQS's advice for a Lambda event source: visibility timeout at least six times the function's timeout. */
export const VISIBILITY_TIMEOUT_FACTOR = 6;
/**
 * A work queue keeps a message this long. SQS keeps a message's original enqueue time when it
 * moves to a dead-letter queue, so the dead-letter queue must keep messages longer than this, or a
 * message that waited here would expire there before anyone could redrive it.
 */
export const WORK_QUEUE_RETENTION = Duration.days(7);
/** SQS's maximum: dead-letter and failure queues keep what failed as long as SQS allows. */
export const DEAD_LETTER_RETENTION = Duration.days(14);

/** A work queue's timings, from its consumer's time limit. */
export function workQueueTimings(consumerTimeout: Duration): {
  visibilityTimeout: Duration;
  retentionPeriod: Duration;
} {
  return {
    visibilityTimeout: Duration.seconds(consumerTimeout.toSeconds() * VISIBILITY_TIMEOUT_FACTOR),
    retentionPeriod: WORK_QUEUE_RETENTION,
  };
}

/** An encrypted, TLS-only queue, kept (RETAIN) when a production stack would delete it. */
export function secureQueue(scope: Construct, id: string, stage: StageConfig, props: QueueProps): Queue {
  return new Queue(scope, id, {
    ...props,
    enforceSSL: true,
    encryption: QueueEncryption.SQS_MANAGED,
    removalPolicy: stage.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
}
