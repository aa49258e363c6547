import { describe, expect, it } from "vitest";
import { TOKEN_STATE_HEADER } from "../../../events/waf-token";
import { apiEvent } from "../../../test/support/api-gateway";
import { tokenStateOf } from "./token-state";

describe("tokenStateOf", () => {
  it("is unchecked when no edge inserted the header", () => {
    expect(tokenStateOf(apiEvent({}))).toBe("unchecked");
  });

  it.each(["valid", "invalid", "absent"] as const)("reads %s, whatever the header's case", (state) => {
    expect(tokenStateOf(apiEvent({ headers: { "X-Amzn-Waf-Token-State": state } }))).toBe(state);
    expect(tokenStateOf(apiEvent({ headers: { [TOKEN_STATE_HEADER]: state.toUpperCase() } }))).toBe(state);
  });

  it("reads a value the edge never writes, or two that disagree, as invalid", () => {
    expect(tokenStateOf(apiEvent({ headers: { [TOKEN_STATE_HEADER]: "unchecked" } }))).toBe("invalid");
    expect(tokenStateOf(apiEvent({ headers: { [TOKEN_STATE_HEADER]: "" } }))).toBe("invalid");
    const twice = {
      ...apiEvent({}),
      multiValueHeaders: { [TOKEN_STATE_HEADER]: ["valid", "absent"] },
    };
    expect(tokenStateOf(twice)).toBe("invalid");
  });
});
