import { describe, expect, it } from "vitest";
import { parseArgs } from "./cli";
import { stageTableName } from "./store";

describe("admin command arguments", () => {
  it("reads the command, the username and --stage anywhere", () => {
    expect(parseArgs(["create", "ada"])).toEqual({ command: "create", username: "ada", stage: undefined });
    expect(parseArgs(["--stage", "dev", "delete", "ada"])).toEqual({
      command: "delete",
      username: "ada",
      stage: "dev",
    });
    expect(parseArgs(["list"])).toEqual({ command: "list", username: undefined, stage: undefined });
  });

  it("refuses a missing username or stage name", () => {
    expect(() => parseArgs(["create"])).toThrow(/needs a username/);
    expect(() => parseArgs(["list", "--stage"])).toThrow(/--stage needs/);
    expect(() => parseArgs([])).toThrow(/Usage/);
  });

  it("reads backfill-desk with --again and --stage, without a username", () => {
    expect(parseArgs(["backfill-desk", "--again", "--stage", "dev"])).toEqual({
      command: "backfill-desk",
      username: undefined,
      stage: "dev",
      again: true,
    });
    expect(() => parseArgs(["backfill-desk", "ada"])).toThrow(/takes no username/);
    expect(() => parseArgs(["list", "--again"])).toThrow(/--again is for backfill-desk/);
  });

  it("reads recount-figures with --stage, without a username or --again", () => {
    expect(parseArgs(["recount-figures", "--stage", "dev"])).toEqual({
      command: "recount-figures",
      username: undefined,
      stage: "dev",
    });
    expect(() => parseArgs(["recount-figures", "ada"])).toThrow(/takes no username/);
    expect(() => parseArgs(["recount-figures", "--again"])).toThrow(/--again is for backfill-desk/);
  });

  it("reads recount-sources with --stage, without a username", () => {
    expect(parseArgs(["recount-sources", "--stage", "dev"])).toEqual({
      command: "recount-sources",
      username: undefined,
      stage: "dev",
    });
    expect(() => parseArgs(["recount-sources", "ada"])).toThrow(/takes no username/);
  });

  it("reads seal-slack-urls with --stage, without a username or --again", () => {
    expect(parseArgs(["seal-slack-urls", "--stage", "prod"])).toEqual({
      command: "seal-slack-urls",
      username: undefined,
      stage: "prod",
    });
    expect(() => parseArgs(["seal-slack-urls", "ada"])).toThrow(/takes no username/);
    expect(() => parseArgs(["seal-slack-urls", "--again"])).toThrow(/--again is for backfill-desk/);
  });

  it("names a deployed stage's tables like the stack does", () => {
    expect(stageTableName("prod", "users")).toBe("repdesk-prod-Users");
  });
});
