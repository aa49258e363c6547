import { describe, expect, it } from "vitest";
import { apiEvent } from "../../../test/support/api-gateway";
import { clientIp, parseViewerAddress } from "./client-ip";

describe("parseViewerAddress", () => {
  it.each([
    ["203.0.113.7:51234", "203.0.113.7"],
    ["2001:db8::1:443", "2001:db8::1"],
    ["2001:0db8:85a3:0000:0000:8a2e:0370:7334:46532", "2001:0db8:85a3:0000:0000:8a2e:0370:7334"],
    ["[2001:db8::1]:443", "2001:db8::1"],
    ["198.51.100.1", "198.51.100.1"],
    ["not-an-ip:80", undefined],
    ["", undefined],
    [undefined, undefined],
  ])("%s -> %s", (value, expected) => {
    expect(parseViewerAddress(value)).toBe(expected);
  });
});

describe("clientIp", () => {
  it("prefers CloudFront's viewer address over API Gateway's source address", () => {
    const event = apiEvent({
      sourceIp: "130.176.0.1",
      headers: { "CloudFront-Viewer-Address": "81.2.69.142:5000" },
    });
    expect(clientIp(event)).toBe("81.2.69.142");
  });

  it("falls back to the source address", () => {
    expect(clientIp(apiEvent({ sourceIp: "8.8.8.8" }))).toBe("8.8.8.8");
    expect(
      clientIp(apiEvent({ sourceIp: "8.8.8.8", headers: { "cloudfront-viewer-address": "garbage" } })),
    ).toBe("8.8.8.8");
  });
});
