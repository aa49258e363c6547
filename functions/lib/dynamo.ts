import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

/**
 * The DynamoDB document client every function uses. Short timeouts and few retries: an HTTP
 * request should fail fast with a 503 rather than wait out the Lambda timeout. The endpoint comes
 * from the SDK's standard AWS_ENDPOINT_URL_DYNAMODB locally.
 */
export function createDocumentClient(options: { requestTimeoutMs?: number; maxAttempts?: number } = {}) {
  const client = new DynamoDBClient({
    maxAttempts: options.maxAttempts ?? 3,
    requestHandler: {
      connectionTimeout: 1_000,
      requestTimeout: options.requestTimeoutMs ?? 3_000,
      // Without it the SDK (smithy 4) only logs a warning when the timeout passes and keeps waiting:
      // an endpoint that accepts the connection but never answers held a request for 30 s and more
      // (test/integration/faults-dynamo.test.ts).
      throwOnRequestTimeout: true,
    },
  });
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}
