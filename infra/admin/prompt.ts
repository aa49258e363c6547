import { createInterface } from "node:readline";

/** Reads a line from the terminal without echoing it. */
export function promptHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) {
    return Promise.reject(new Error("No terminal to ask for the password: set ADMIN_PASSWORD"));
  }
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    process.stdout.write(question);
    // Echo nothing while the password is typed (readline has no built-in option for it).
    output._writeToOutput = () => {};
    rl.question("", (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
  });
}

/** Reads a visible line from the terminal. */
export function prompt(question: string, variable: string): Promise<string> {
  if (!process.stdin.isTTY) {
    return Promise.reject(new Error(`No terminal to ask: set ${variable}`));
  }
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    rl.question(question, (answer) => {
      rl.close();
      resolve(answer.trim());
    });
  });
}
