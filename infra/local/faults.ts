/**
 * Fault injection for the local runtime's fault tests (docs/decisions/0033-fault-tests.md). Off unless LOCAL_FAULTS=1, and only
 * in infra/local (never part of the AWS build). Settings come from the environment at start:
 *
 * - LOCAL_FAULT_POISON_EVERY=N (with LOCAL_FAULT_POISON_QUEUE=<queue name>, default every queue):
 *   every N-th distinct message a queue sees is poison — its worker fails it on every receive, so
 *   it ends in the dead-letter list with the fault as its reason.
 *
 * With LOCAL_FAULTS=1 the functions also reach DynamoDB and SES through proxies (./fault-proxy.ts)
 * and publish through a wrapper, which a test switches at run time (local only, never deployed):
 *
 *   POST /__local/faults?dynamo=down|hang|up&publisher=down|lost-ack|up&ses=refuse|up&dns=silent|up
 *   GET  /__local/faults   -> { dynamo, publisher, ses, dns, counts: { ... } }
 *
 * - dynamo=down: every connection of the functions (and of the outbox relay) to DynamoDB is reset;
 *   dynamo=hang: they stay open and unanswered (the SDK's request timeout decides);
 * - publisher=down: each publish throws before anything is queued; publisher=lost-ack: the event is
 *   queued, then the publish throws (an SQS answer lost on the way back), so the relay keeps the
 *   outbox item and publishes it again;
 * - ses=refuse: every SES call is answered with SendingPausedException;
 * - dns=silent: the webhook guard's DNS queries go to a server that never answers (./silent-dns.ts).
 */
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import type { DomainEvent } from "../../events";
import type { EventPublisher, PublishOptions } from "../../functions/lib/publisher";
import { jsonReply } from "./api";
import { LOCAL_CREDENTIALS } from "./dynamo";
import { type GateMode, HttpRefuser, TcpGate } from "./fault-proxy";
import { SilentDns } from "./silent-dns";
import type { BatchConsumer, LocalBatchResponse } from "./sqs-batch";
import type { Reply } from "./static-site";

export interface FaultSettings {
  /** LOCAL_FAULTS=1: the proxies and the run-time switches of LocalFaults. */
  readonly enabled?: boolean;
  readonly poisonEvery?: number;
  readonly poisonQueue?: string;
}

export function faultsFromEnvironment(env: NodeJS.ProcessEnv): FaultSettings {
  if (env.LOCAL_FAULTS !== "1") return {};
  const every = Number(env.LOCAL_FAULT_POISON_EVERY);
  return {
    enabled: true,
    ...(Number.isInteger(every) && every > 0 ? { poisonEvery: every } : {}),
    ...(env.LOCAL_FAULT_POISON_QUEUE ? { poisonQueue: env.LOCAL_FAULT_POISON_QUEUE } : {}),
  };
}

export const POISON_REASON = "fault injection: poison message";

/**
 * The queue's consumer, unless this queue gets poison: then every N-th distinct message (by first
 * receipt) fails on every receive. The poison ones never reach the worker; they are reported as
 * batch item failures with the fault as their reason, whatever else shares their batch, and the
 * rest go to the worker.
 */
export function withFaults(queue: string, consumer: BatchConsumer, settings: FaultSettings): BatchConsumer {
  const every = settings.poisonEvery;
  if (every === undefined || (settings.poisonQueue !== undefined && settings.poisonQueue !== queue)) {
    return consumer;
  }
  const seen = new Map<string, boolean>();
  return async (event: SQSEvent): Promise<LocalBatchResponse | SQSBatchResponse | undefined | null> => {
    for (const record of event.Records) {
      if (!seen.has(record.messageId)) seen.set(record.messageId, (seen.size + 1) % every === 0);
    }
    const poison = event.Records.filter((record) => seen.get(record.messageId));
    if (poison.length === 0) return consumer(event);
    const rest = event.Records.filter((record) => !seen.get(record.messageId));
    const result = rest.length > 0 ? await consumer({ ...event, Records: rest }) : undefined;
    return {
      batchItemFailures: [
        ...(result?.batchItemFailures ?? []),
        ...poison.map((record) => ({
          itemIdentifier: record.messageId,
          reason: `${POISON_REASON} (every ${every})`,
        })),
      ],
    };
  };
}

/** Local only: POST switches faults on and off, GET reports them (404 unless LOCAL_FAULTS=1). */
export const LOCAL_FAULTS_PATH = "/__local/faults";

export const PUBLISHER_DOWN_REASON = "fault injection: publisher unavailable";
export const PUBLISHER_LOST_ACK_REASON = "fault injection: publish acknowledgement lost";

type PublisherMode = "up" | "down" | "lost-ack";

export interface FaultReport {
  dynamo: GateMode;
  publisher: PublisherMode;
  ses: "up" | "refuse";
  dns: "up" | "silent";
  counts: {
    /** DynamoDB connections reset (down) or held (hang). */
    dynamoResets: number;
    /** Publishes that threw before queueing (publisher=down). */
    publishFailures: number;
    /** Publishes that queued the event, then threw (publisher=lost-ack). */
    publishLostAcks: number;
    /** SES calls refused. */
    sesRefusals: number;
    /** DNS queries left unanswered (dns=silent). */
    dnsQueries: number;
  };
}

/**
 * The run-time switches. `start` puts the proxies in front of DynamoDB and SES; the runtime gives
 * the functions `dynamoEndpoint` and `sesUrl` instead of the real ones, and wraps its publisher.
 * Without LOCAL_FAULTS=1 nothing is started and every address is passed through unchanged.
 */
export class LocalFaults {
  private publisherMode: PublisherMode = "up";
  private publishFailures = 0;
  private publishLostAcks = 0;
  private relayClient: DynamoDBClient | undefined;

  private constructor(
    private readonly gate: TcpGate | undefined,
    private readonly ses: HttpRefuser | undefined,
    private readonly dns: SilentDns | undefined,
    readonly dynamoEndpoint: string,
    readonly sesUrl: string,
  ) {}

  static async start(
    settings: FaultSettings,
    targets: { dynamoEndpoint: string; sesUrl: string },
  ): Promise<LocalFaults> {
    if (!settings.enabled)
      return new LocalFaults(undefined, undefined, undefined, targets.dynamoEndpoint, targets.sesUrl);
    const gate = await TcpGate.start(targets.dynamoEndpoint);
    const ses = await HttpRefuser.start(targets.sesUrl).catch(async (error) => {
      await gate.close();
      throw error;
    });
    const dns = await SilentDns.start().catch(async (error) => {
      await ses.close();
      await gate.close();
      throw error;
    });
    return new LocalFaults(gate, ses, dns, gate.endpoint, ses.url);
  }

  get enabled(): boolean {
    return this.gate !== undefined;
  }

  /** The client the outbox relay uses: `direct`, or one through the DynamoDB gate. */
  relayDb(direct: DynamoDBDocumentClient, region: string): DynamoDBDocumentClient {
    if (!this.enabled) return direct;
    this.relayClient ??= new DynamoDBClient({
      endpoint: this.dynamoEndpoint,
      region,
      credentials: LOCAL_CREDENTIALS,
      // As the functions' clients (functions/lib/dynamo.ts): fail fast while the gate is cut.
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 1_000, requestTimeout: 3_000 },
    });
    return DynamoDBDocumentClient.from(this.relayClient, {
      marshallOptions: { removeUndefinedValues: true },
    });
  }

  /** The publisher the relay uses: `base`, failing as the publisher switch says. */
  publisher(base: EventPublisher): EventPublisher {
    if (!this.enabled) return base;
    return {
      publish: async (event: DomainEvent, options?: PublishOptions) => {
        if (this.publisherMode === "down") {
          this.publishFailures += 1;
          throw new Error(PUBLISHER_DOWN_REASON);
        }
        await base.publish(event, options);
        if (this.publisherMode === "lost-ack") {
          this.publishLostAcks += 1;
          throw new Error(PUBLISHER_LOST_ACK_REASON);
        }
      },
    };
  }

  report(): FaultReport {
    return {
      dynamo: this.gate?.mode ?? "up",
      publisher: this.publisherMode,
      ses: this.ses?.refusing ? "refuse" : "up",
      dns: this.dns?.silent ? "silent" : "up",
      counts: {
        dynamoResets: this.gate?.refused ?? 0,
        publishFailures: this.publishFailures,
        publishLostAcks: this.publishLostAcks,
        sesRefusals: this.ses?.refused ?? 0,
        dnsQueries: this.dns?.queries ?? 0,
      },
    };
  }

  /** GET or POST /__local/faults (query as in the module comment); 400 on an unknown value. */
  control(method: string, search: URLSearchParams): Reply {
    if (!this.enabled) return jsonReply(404, { error: "Not found" });
    if (method === "POST") {
      const dynamo = search.get("dynamo");
      const publisher = search.get("publisher");
      const ses = search.get("ses");
      const dns = search.get("dns");
      if (
        (dynamo !== null && dynamo !== "up" && dynamo !== "down" && dynamo !== "hang") ||
        (publisher !== null && publisher !== "up" && publisher !== "down" && publisher !== "lost-ack") ||
        (ses !== null && ses !== "up" && ses !== "refuse") ||
        (dns !== null && dns !== "up" && dns !== "silent")
      ) {
        return jsonReply(400, {
          error: "dynamo=up|down|hang, publisher=up|down|lost-ack, ses=up|refuse, dns=up|silent",
        });
      }
      if (dynamo !== null) this.gate?.setMode(dynamo);
      if (publisher !== null) this.publisherMode = publisher;
      if (ses !== null && this.ses) this.ses.refusing = ses === "refuse";
      if (dns !== null) this.dns?.setSilent(dns === "silent");
    } else if (method !== "GET") {
      return jsonReply(405, { error: "Method not allowed." }, { allow: "GET, POST" });
    }
    return jsonReply(200, this.report());
  }

  async close(): Promise<void> {
    this.relayClient?.destroy();
    await this.dns?.close();
    await this.ses?.close();
    await this.gate?.close();
  }
}
