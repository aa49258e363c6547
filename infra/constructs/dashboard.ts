/**
 * One CloudWatch dashboard per stage (`repdesk-<stage>`): what an operator looks at first when an
 * alarm arrives or before a release. Rows, top to bottom: visitors' requests and error rates at
 * CloudFront; the API's requests, errors and latency at API Gateway; the API functions' invocations, errors and p99 duration; the work queues' oldest
 * message and the dead-letter queues' contents; the e-mail path (SES sends, deliveries, bounces,
 * complaints and the reputation rates).
 */
import { Duration } from "aws-cdk-lib";
import type { IRestApi } from "aws-cdk-lib/aws-apigateway";
import type { IDistribution } from "aws-cdk-lib/aws-cloudfront";
import {
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  SingleValueWidget,
  TextWidget,
} from "aws-cdk-lib/aws-cloudwatch";
import type { IFunction } from "aws-cdk-lib/aws-lambda";
import type { IQueue } from "aws-cdk-lib/aws-sqs";
import { Construct } from "constructs";
import type { StageConfig } from "../stages";

const PERIOD = Duration.minutes(5);
const WIDE = 12;
const FULL = 24;
const HEIGHT = 6;

export interface StageDashboardProps {
  readonly stage: StageConfig;
  readonly distribution: IDistribution;
  /** The REST API behind /api/*, and its stage's name. */
  readonly api: { readonly restApi: IRestApi; readonly stageName: string };
  /** The functions behind /api/*, by registry name. */
  readonly apiFunctions: ReadonlyMap<string, IFunction>;
  /** Queue workers, the outbox relay and scheduled functions, by name. */
  readonly backgroundFunctions: ReadonlyMap<string, IFunction>;
  readonly workQueues: ReadonlyMap<string, IQueue>;
  /** Every queue that holds failures: queue dead letters, schedule and relay failures. */
  readonly failureQueues: ReadonlyMap<string, IQueue>;
}

export class StageDashboard extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: StageDashboardProps) {
    super(scope, id);
    const { stage } = props;
    this.dashboard = new Dashboard(this, "Dashboard", {
      dashboardName: `repdesk-${stage.name}`,
      defaultInterval: Duration.hours(12),
    });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown: `# RepDesk ${stage.name}\nAlarms go to ${stage.alarmEmail}. Runbooks: docs/DEPLOY.md ("Rolling back").`,
        width: FULL,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(...visitorWidgets(props.distribution));
    this.dashboard.addWidgets(...apiWidgets(props.api.restApi, props.api.stageName));
    this.dashboard.addWidgets(...functionWidgets("API", props.apiFunctions));
    this.dashboard.addWidgets(...functionWidgets("Background", props.backgroundFunctions));
    this.dashboard.addWidgets(...queueWidgets(props.workQueues, props.failureQueues));
    this.dashboard.addWidgets(...emailWidgets());
  }
}

/** CloudFront publishes its metrics in us-east-1 with Region "Global". */
function cloudFront(distribution: IDistribution, metricName: string, statistic: string): Metric {
  return new Metric({
    namespace: "AWS/CloudFront",
    metricName,
    dimensionsMap: { DistributionId: distribution.distributionId, Region: "Global" },
    region: "us-east-1",
    statistic,
    period: PERIOD,
  });
}

function visitorWidgets(distribution: IDistribution): GraphWidget[] {
  return [
    new GraphWidget({
      title: "Requests (CloudFront)",
      left: [cloudFront(distribution, "Requests", "Sum")],
      width: WIDE,
      height: HEIGHT,
    }),
    new GraphWidget({
      title: "Error rate % (CloudFront)",
      left: [
        cloudFront(distribution, "4xxErrorRate", "Average"),
        cloudFront(distribution, "5xxErrorRate", "Average"),
      ],
      width: WIDE,
      height: HEIGHT,
    }),
  ];
}

/** API Gateway's metrics of one REST API stage. */
function apiWidgets(restApi: IRestApi, stageName: string): GraphWidget[] {
  const metric = (metricName: string, statistic: string) =>
    new Metric({
      namespace: "AWS/ApiGateway",
      metricName,
      dimensionsMap: { ApiName: restApi.restApiName, Stage: stageName },
      statistic,
      period: PERIOD,
      label: `${metricName} (${statistic})`,
    });
  return [
    new GraphWidget({
      title: "API requests and errors (API Gateway)",
      left: [metric("Count", "Sum")],
      right: [metric("4XXError", "Sum"), metric("5XXError", "Sum")],
      width: WIDE,
      height: HEIGHT,
    }),
    new GraphWidget({
      title: "API latency (ms, API Gateway)",
      left: [metric("Latency", "p99"), metric("IntegrationLatency", "p99"), metric("Latency", "p50")],
      width: WIDE,
      height: HEIGHT,
    }),
  ];
}

function sumOf(label: string, metrics: readonly IMetric[]): IMetric {
  // Ids are per graph: each sum's own prefix keeps two sums in one graph apart.
  const prefix = label.toLowerCase().replace(/[^a-z]/g, "");
  const usingMetrics = Object.fromEntries(metrics.map((metric, index) => [`${prefix}${index}`, metric]));
  if (metrics.length === 0) return new MathExpression({ expression: "0", label, period: PERIOD });
  return new MathExpression({
    expression: Object.keys(usingMetrics).join(" + "),
    usingMetrics,
    label,
    period: PERIOD,
  });
}

function functionWidgets(title: string, functions: ReadonlyMap<string, IFunction>): GraphWidget[] {
  const all = [...functions.entries()];
  return [
    new GraphWidget({
      title: `${title} functions: invocations and errors`,
      left: [
        sumOf(
          "Invocations",
          all.map(([, fn]) => fn.metricInvocations({ period: PERIOD, statistic: "Sum" })),
        ),
      ],
      right: [
        sumOf(
          "Errors",
          all.map(([, fn]) => fn.metricErrors({ period: PERIOD, statistic: "Sum" })),
        ),
        sumOf(
          "Throttles",
          all.map(([, fn]) => fn.metricThrottles({ period: PERIOD, statistic: "Sum" })),
        ),
      ],
      width: WIDE,
      height: HEIGHT,
    }),
    new GraphWidget({
      title: `${title} functions: p99 duration (ms)`,
      left: all.map(([name, fn]) => fn.metricDuration({ period: PERIOD, statistic: "p99", label: name })),
      width: WIDE,
      height: HEIGHT,
    }),
  ];
}

function queueWidgets(
  workQueues: ReadonlyMap<string, IQueue>,
  failureQueues: ReadonlyMap<string, IQueue>,
): (GraphWidget | SingleValueWidget)[] {
  return [
    new GraphWidget({
      title: "Work queues: oldest message (s)",
      left: [...workQueues.entries()].map(([name, queue]) =>
        queue.metricApproximateAgeOfOldestMessage({ period: PERIOD, statistic: "Maximum", label: name }),
      ),
      width: WIDE,
      height: HEIGHT,
    }),
    new SingleValueWidget({
      title: "Failures waiting (dead-letter and failure queues)",
      metrics: [...failureQueues.entries()].map(([name, queue]) =>
        queue.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: "Maximum", label: name }),
      ),
      width: WIDE,
      height: HEIGHT,
    }),
  ];
}

/**
 * SES publishes Send, Delivery, Bounce, Complaint and Reject for the account and region (stages that
 * share an account share these lines); the reputation rates are the ones the alarms watch.
 */
function emailWidgets(): GraphWidget[] {
  const ses = (metricName: string, statistic = "Sum", period = PERIOD) =>
    new Metric({ namespace: "AWS/SES", metricName, statistic, period, label: metricName });
  return [
    new GraphWidget({
      title: "E-mail sent, delivered and refused (SES, account-wide)",
      left: [ses("Send"), ses("Delivery")],
      right: [ses("Bounce"), ses("Complaint"), ses("Reject")],
      width: WIDE,
      height: HEIGHT,
    }),
    new GraphWidget({
      title: "SES reputation (alarms at 4% bounces, 0.08% complaints)",
      left: [
        ses("Reputation.BounceRate", "Maximum", Duration.hours(1)),
        ses("Reputation.ComplaintRate", "Maximum", Duration.hours(1)),
      ],
      width: WIDE,
      height: HEIGHT,
    }),
  ];
}
