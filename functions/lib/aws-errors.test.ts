import { describe, expect, it } from "vitest";
import { cancellationCodes, isConditionalCheckFailed, isTransientAwsError } from "./aws-errors";

const named = (name: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(name), { name, ...extra });

describe("isTransientAwsError", () => {
  it.each([
    named("ProvisionedThroughputExceededException"),
    named("ThrottlingException"),
    named("TimeoutError"),
    named("InternalServerError"),
    named("Whatever", { $metadata: { httpStatusCode: 503 } }),
    named("Error", { code: "ECONNREFUSED" }),
    named("Wrapped", { cause: named("Error", { code: "ETIMEDOUT" }) }),
    named("TransactionCanceledException", {
      CancellationReasons: [{ Code: "None" }, { Code: "ThrottlingError" }],
    }),
  ])("%s is transient", (error) => {
    expect(isTransientAwsError(error)).toBe(true);
  });

  it.each([
    named("ValidationException", { $metadata: { httpStatusCode: 400 } }),
    named("ConditionalCheckFailedException"),
    named("TransactionCanceledException", { CancellationReasons: [{ Code: "ConditionalCheckFailed" }] }),
    new TypeError("x is undefined"),
    "a string",
    undefined,
  ])("%s is not transient", (error) => {
    expect(isTransientAwsError(error)).toBe(false);
  });

  it("reads conditional failures and cancellation codes", () => {
    expect(isConditionalCheckFailed(named("ConditionalCheckFailedException"))).toBe(true);
    expect(
      cancellationCodes(
        named("TransactionCanceledException", { CancellationReasons: [{ Code: "None" }, {}] }),
      ),
    ).toEqual(["None", "None"]);
    expect(cancellationCodes(named("Other"))).toBeUndefined();
  });
});
