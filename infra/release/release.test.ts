// biome-ignore-all lint/suspicious/noTemplateCurlyInString: CDK's asset placeholders, as a cloud assembly writes them
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { changeSetProblems, type DescribedChangeSet } from "./change-set-check";
import { changeSetInputs } from "./change-set-inputs";
import { changeSetMarkdown } from "./change-set-summary";
import { run } from "./cli";

const COMMIT = "0123456789abcdef0123456789abcdef01234567";
const ARN =
  "arn:aws:cloudformation:us-east-1:222222222222:changeSet/release-x/11111111-2222-3333-4444-555555555555";
const REVIEWED: DescribedChangeSet = {
  ChangeSetId: ARN,
  ChangeSetName: `release-${COMMIT}-42-1`,
  StackId: "arn:aws:cloudformation:us-east-1:222222222222:stack/RepDesk-prod/abc",
  StackName: "RepDesk-prod",
  Status: "CREATE_COMPLETE",
  ExecutionStatus: "AVAILABLE",
  Description: `RepDesk release ${COMMIT}`,
};
const expected = { arn: ARN, stackName: "RepDesk-prod", commit: COMMIT };

describe("the deploy job's check of the production change set", () => {
  it("lets exactly the reviewed change set run", () => {
    expect(changeSetProblems(REVIEWED, expected)).toEqual([]);
  });

  it.each([
    [
      "another change set (a re-run made a new one)",
      { ChangeSetId: ARN.replace("11111111", "99999999") },
      /is not arn/,
    ],
    [
      "another stack",
      { StackName: "RepDesk-dev", StackId: "arn:aws:cloudformation:us-east-1:1:stack/RepDesk-dev/x" },
      /belongs to RepDesk-dev/,
    ],
    ["a change set still being created or failed", { Status: "FAILED" }, /status is FAILED/],
    ["one already executed", { ExecutionStatus: "EXECUTE_COMPLETE" }, /execution status is EXECUTE_COMPLETE/],
    [
      "one made for another commit",
      { Description: "RepDesk release ffff", ChangeSetName: "release-ffff-1-1" },
      /does not name commit/,
    ],
  ] as const)("refuses %s", (_what, change, message) => {
    expect(changeSetProblems({ ...REVIEWED, ...change }, expected).join("; ")).toMatch(message);
  });

  it("exits 1 through the command line, naming the difference", () => {
    const described = () => JSON.stringify(REVIEWED);
    const result = run(
      ["check", "--arn", "not-an-arn", "--stack", "RepDesk-prod", "--commit", COMMIT],
      described,
    );
    expect(result).toMatchObject({
      exitCode: 1,
      output: expect.stringMatching(/^Refusing to execute: .*not a change set ARN/),
    });
    const args = ["check", "--arn", ARN, "--stack", "RepDesk-prod", "--commit", COMMIT];
    expect(run(args, described).exitCode).toBe(0);
  });
});

describe("the change set's inputs from the cloud assembly", () => {
  it("names the commit and the run, and resolves the template's URL and the execution role", () => {
    const dir = mkdtempSync(join(tmpdir(), "repdesk-assembly-"));
    writeFileSync(
      join(dir, "manifest.json"),
      JSON.stringify({
        artifacts: {
          "RepDesk-prod": {
            type: "aws:cloudformation:stack",
            environment: "aws://222222222222/us-east-1",
            properties: {
              stackTemplateAssetObjectUrl:
                "s3://cdk-hnb659fds-assets-${AWS::AccountId}-${AWS::Region}/abc.json",
              cloudFormationExecutionRoleArn:
                "arn:${AWS::Partition}:iam::222222222222:role/cdk-hnb659fds-cfn-exec-role-222222222222-us-east-1",
            },
          },
        },
      }),
    );
    expect(changeSetInputs(dir, "RepDesk-prod", COMMIT, "42-1")).toEqual({
      CHANGE_SET_NAME: `release-${COMMIT}-42-1`,
      CHANGE_SET_DESCRIPTION: `RepDesk release ${COMMIT}`,
      TEMPLATE_URL: "https://cdk-hnb659fds-assets-222222222222-us-east-1.s3.us-east-1.amazonaws.com/abc.json",
      EXECUTION_ROLE_ARN: "arn:aws:iam::222222222222:role/cdk-hnb659fds-cfn-exec-role-222222222222-us-east-1",
    });
    expect(() => changeSetInputs(dir, "RepDesk-prod", "main", "42-1")).toThrow(/not a commit/);
  });
});

describe("the approvers' summary", () => {
  it("shows each property that changes with its value before and after", () => {
    const markdown = changeSetMarkdown({
      StackName: "RepDesk-prod",
      ChangeSetName: "release-x",
      Changes: [
        {
          ResourceChange: {
            Action: "Modify",
            LogicalResourceId: "WafWebAcl",
            ResourceType: "AWS::WAFv2::WebACL",
            Replacement: "False",
            Details: [
              {
                Target: {
                  Attribute: "Properties",
                  Path: "/Properties/Rules/0/Statement/RateBasedStatement/Limit",
                  BeforeValue: "100",
                  AfterValue: "20",
                  RequiresRecreation: "Never",
                },
              },
            ],
          },
        },
      ],
    });
    expect(markdown).toContain(
      "| Modify | WafWebAcl | AWS::WAFv2::WebACL | False | /Properties/Rules/0/Statement/RateBasedStatement/Limit | `100` | `20` |",
    );
  });
});
