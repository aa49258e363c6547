import { describe, expect, it } from "vitest";
import { updateExpression } from "./update-expression";

describe("updateExpression", () => {
  it("writes ADD, SET and REMOVE with a placeholder for every name and value", () => {
    expect(
      updateExpression({
        add: { s_new: -1, "o_new#ann": 1 },
        set: { status: "won", kind: "signup" },
        remove: ["lostReason"],
      }),
    ).toEqual({
      UpdateExpression: "ADD #u0 :u0, #u1 :u1 SET #u2 = :u2, #u3 = :u3 REMOVE #u4",
      ExpressionAttributeNames: {
        "#u0": "s_new",
        "#u1": "o_new#ann",
        "#u2": "status",
        "#u3": "kind",
        "#u4": "lostReason",
      },
      ExpressionAttributeValues: { ":u0": -1, ":u1": 1, ":u2": "won", ":u3": "signup" },
    });
  });

  it("leaves out the values when it only removes, and refuses to write nothing", () => {
    expect(updateExpression({ remove: ["owner"] })).toEqual({
      UpdateExpression: "REMOVE #u0",
      ExpressionAttributeNames: { "#u0": "owner" },
    });
    expect(() => updateExpression({ set: {} })).toThrow("nothing to update");
  });
});
