/**
 * The release workflow's steps around a production change set (.github/workflows/deploy.yml):
 *   inputs  --app cdk.out --stack <name> --commit <sha> --run <id>-<attempt>   KEY=value lines
 *   summary < describe-change-set.json                                       Markdown
 *   check   --arn <change set ARN> --stack <name> --commit <sha> < describe-change-set.json
 * `check` exits 1, naming every difference, unless the change set may be executed.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { isMainModule } from "../main-module";
import { changeSetProblems, type DescribedChangeSet } from "./change-set-check";
import { changeSetInputs } from "./change-set-inputs";
import { type ChangeSetDescription, changeSetMarkdown } from "./change-set-summary";

/** Runs one command; `input` is what describe-change-set printed (standard input by default). */
export function run(
  argv: readonly string[],
  input: () => string = () => readFileSync(0, "utf8"),
): { output: string; exitCode: number } {
  const stdinJson = <T>(): T => JSON.parse(input()) as T;
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: [...rest],
    options: {
      app: { type: "string" },
      stack: { type: "string" },
      commit: { type: "string" },
      run: { type: "string" },
      arn: { type: "string" },
    },
  });
  const need = (name: keyof typeof values): string => {
    const value = values[name];
    if (!value) throw new Error(`${command} needs --${name}`);
    return value;
  };
  if (command === "inputs") {
    const inputs = changeSetInputs(need("app"), need("stack"), need("commit"), need("run"));
    return {
      output: `${Object.entries(inputs)
        .map(([key, value]) => `${key}=${value}`)
        .join("\n")}\n`,
      exitCode: 0,
    };
  }
  if (command === "summary")
    return { output: changeSetMarkdown(stdinJson<ChangeSetDescription>()), exitCode: 0 };
  if (command === "check") {
    const problems = changeSetProblems(stdinJson<DescribedChangeSet>(), {
      arn: need("arn"),
      stackName: need("stack"),
      commit: need("commit"),
    });
    if (problems.length === 0)
      return { output: "The change set is the one prepared for this commit.\n", exitCode: 0 };
    return { output: `Refusing to execute: ${problems.join("; ")}.\n`, exitCode: 1 };
  }
  throw new Error(`Unknown command "${command}" (inputs, summary, check)`);
}

if (isMainModule(import.meta.url)) {
  try {
    const { output, exitCode } = run(process.argv.slice(2));
    (exitCode === 0 ? process.stdout : process.stderr).write(output);
    process.exitCode = exitCode;
  } catch (error: unknown) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
