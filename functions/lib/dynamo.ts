import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { failFastRequestHandler, withoutSdkLogging } from "./request-handler";

/**
 * The DynamoDB document client every function uses. Short timeouts and few retries: an HTTP
 * request should fail fast with a 503 rather than wait out the Lambda timeout. The endpoint comes
 * from the SDK's standard AWS_ENDPOINT_URL_DYNAMODB locally.
 */
export function createDocumentClient(options: { requestTimeoutMs?: number; maxAttempts?: number } = {}) {
  const client = withoutSdkLogging(
    new DynamoDBClient({
      maxAttempts: options.maxAttempts ?? 3,
      requestHandler: failFastRequestHandler(options.requestTimeoutMs ?? 3_000),
    }),
  );
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}

/**
 * Who a stream record names for an item that DynamoDB's time to live deleted (the stream record's
 * `userIdentity`); a delete by anyone else carries none.
 */
export const TTL_DELETION_IDENTITY = { type: "Service", principalId: "dynamodb.amazonaws.com" } as const;
