/**
 * Alarms, all e-mailed to the stage's alarm address through one encrypted SNS topic: dead-letter
 * queues that hold anything, function errors and throttles, the API's 5xx rate, the SES bounce and
 * complaint rates, and the outbox relay falling behind.
 */
import { ArnFormat, Duration, Stack } from "aws-cdk-lib";
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import { PolicyStatement, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { Key } from "aws-cdk-lib/aws-kms";
import type { IFunction } from "aws-cdk-lib/aws-lambda";
import { FilterPattern, type ILogGroup, MetricFilter } from "aws-cdk-lib/aws-logs";
import { Topic } from "aws-cdk-lib/aws-sns";
import { EmailSubscription } from "aws-cdk-lib/aws-sns-subscriptions";
import type { IQueue } from "aws-cdk-lib/aws-sqs";
import { Construct } from "constructs";
import type { StageConfig } from "../stages";

const FIVE_MINUTES = Duration.minutes(5);

export class Monitoring extends Construct {
  /** Encrypts the SNS topics; CloudWatch and SES may use it to publish. */
  readonly topicKey: Key;
  readonly alarmTopic: Topic;
  private readonly action: SnsAction;
  private readonly stageName: string;

  constructor(scope: Construct, id: string, { stage }: { stage: StageConfig }) {
    super(scope, id);
    this.stageName = stage.name;
    this.topicKey = new Key(this, "TopicKey", {
      description: `Encrypts the RepDesk ${stage.name} notification topics`,
      enableKeyRotation: true,
    });
    // Each service may use the key only on behalf of this account's own alarms and configuration
    // set (the confused-deputy conditions): another account's alarm could not publish through it.
    const stack = Stack.of(this);
    const sources: [string, string][] = [
      [
        "cloudwatch.amazonaws.com",
        stack.formatArn({
          service: "cloudwatch",
          resource: "alarm",
          resourceName: "*",
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      [
        "ses.amazonaws.com",
        stack.formatArn({
          service: "ses",
          resource: "configuration-set",
          resourceName: `repdesk-${stage.name}`,
        }),
      ],
    ];
    for (const [service, sourceArn] of sources) {
      this.topicKey.addToResourcePolicy(
        new PolicyStatement({
          principals: [new ServicePrincipal(service)],
          actions: ["kms:Decrypt", "kms:GenerateDataKey"],
          resources: ["*"],
          conditions: {
            StringEquals: { "aws:SourceAccount": stack.account },
            ArnLike: { "aws:SourceArn": sourceArn },
          },
        }),
      );
    }
    this.alarmTopic = this.createTopic(
      "AlarmTopic",
      `repdesk-${stage.name}-alarms`,
      this,
      "cloudwatch.amazonaws.com",
    );
    this.alarmTopic.addSubscription(new EmailSubscription(stage.alarmEmail));
    this.action = new SnsAction(this.alarmTopic);
  }

  /**
   * An SSL-only topic encrypted with the shared key. `enforceSSL` writes a topic policy holding
   * only the SSL deny, and a topic policy replaces SNS's default one: a service that publishes
   * (`publisher`, e.g. CloudWatch alarms) needs an explicit Allow, or every alarm is silent. The
   * Allow is limited to this account's resources. (SES event destinations add their own Allow.)
   */
  createTopic(id: string, topicName: string, scope: Construct = this, publisher?: string): Topic {
    const topic = new Topic(scope, id, { topicName, masterKey: this.topicKey, enforceSSL: true });
    if (publisher) {
      topic.addToResourcePolicy(
        new PolicyStatement({
          sid: "AllowServiceToPublish",
          principals: [new ServicePrincipal(publisher)],
          actions: ["sns:Publish"],
          resources: [topic.topicArn],
          conditions: { StringEquals: { "aws:SourceAccount": Stack.of(this).account } },
        }),
      );
    }
    return topic;
  }

  private alarm(id: string, metric: IMetric, threshold: number, description: string): Alarm {
    const alarm = new Alarm(this, id, {
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    alarm.addAlarmAction(this.action);
    return alarm;
  }

  /** A JSON log line whose `msg` is `message` (one a function writes when a person is needed). */
  logLine(id: string, logGroup: ILogGroup, message: string, description: string): Alarm {
    const filter = new MetricFilter(this, `${id}Filter`, {
      logGroup,
      filterPattern: FilterPattern.stringValue("$.msg", "=", message),
      metricNamespace: `RepDesk/${this.stageName}`,
      metricName: id,
      metricValue: "1",
    });
    return this.alarm(id, filter.metric({ period: FIVE_MINUTES, statistic: "Sum" }), 1, description);
  }

  /** Any message in a dead-letter (or failure) queue needs a person. */
  queueNotEmpty(id: string, queue: IQueue, what: string): Alarm {
    return this.alarm(
      `${id}NotEmpty`,
      queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: "Maximum" }),
      1,
      `${what}: messages waiting in ${queue.node.path}. Inspect them, fix the cause, then redrive.`,
    );
  }

  /**
   * The oldest message of a work queue waiting longer than `maxAge`: the worker is failing,
   * throttled or too slow, long before the queue's retention period would drop messages.
   */
  queueAge(id: string, queue: IQueue, maxAge: Duration, what: string): Alarm {
    return this.alarm(
      `${id}OldestMessage`,
      queue.metricApproximateAgeOfOldestMessage({ period: FIVE_MINUTES, statistic: "Maximum" }),
      maxAge.toSeconds(),
      `${what}: the oldest message in ${queue.node.path} has waited over ${maxAge.toHumanString()}.`,
    );
  }

  functionHealth(id: string, fn: IFunction): void {
    this.alarm(
      `${id}Errors`,
      fn.metricErrors({ period: FIVE_MINUTES, statistic: "Sum" }),
      1,
      `${fn.node.path} failed`,
    );
    this.alarm(
      `${id}Throttles`,
      fn.metricThrottles({ period: FIVE_MINUTES, statistic: "Sum" }),
      1,
      `${fn.node.path} was throttled`,
    );
  }

  /** Stream records waiting longer than this mean the consumer is failing or stuck. */
  streamLag(id: string, fn: IFunction, maxAge: Duration, stream = "the outbox stream"): Alarm {
    return this.alarm(
      `${id}IteratorAge`,
      fn.metric("IteratorAge", { period: FIVE_MINUTES, statistic: "Maximum" }),
      maxAge.toMilliseconds(),
      `${fn.node.path} is behind on ${stream}`,
    );
  }

  /**
   * 5xx answers as a share of all answers (CloudFront's own 5xxErrorRate, in percent), once there
   * is enough traffic to judge: the API's errors and its functions' failures seen by viewers.
   */
  siteServerErrorRate(ratePercent: IMetric, requests: IMetric, percent: number): Alarm {
    const rate = new MathExpression({
      expression: "IF(requests >= 20, rate, 0)",
      usingMetrics: { rate: ratePercent, requests },
      period: FIVE_MINUTES,
      label: "5xx %",
    });
    return this.alarm("Site5xxRate", rate, percent, `More than ${percent}% of answers were 5xx`);
  }

  /** SES reviews an account at a 5% bounce rate and 0.1% complaint rate; alarm before that. */
  sesReputation(): void {
    const reputation = (metricName: string) =>
      new Metric({ namespace: "AWS/SES", metricName, period: Duration.hours(1), statistic: "Maximum" });
    this.alarm("SesBounceRate", reputation("Reputation.BounceRate"), 0.04, "SES bounce rate above 4%");
    this.alarm(
      "SesComplaintRate",
      reputation("Reputation.ComplaintRate"),
      0.0008,
      "SES complaint rate above 0.08%",
    );
  }
}
