/**
 * `npm start` (and `npm run dev` with --dev): the whole product on one machine. Settings come from
 * the environment (see config.ts). Prints the addresses and, last, one machine-readable line:
 *   READY {"url":...,"sesUrl":...,"dynamoEndpoint":...,"dataDir":...}
 * Ctrl-C (SIGINT) or SIGTERM stops everything cleanly; a second signal exits at once.
 */
import { optionsFromEnvironment } from "./config";
import { startLocalRuntime } from "./runtime";

async function main(): Promise<void> {
  // The functions run on Node.js 22 in Lambda; Node.js 20 is supported here (README.md), so the
  // SDK's notice about its future minimum version is only noise in the local output.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const options = optionsFromEnvironment(process.env, process.argv.slice(2));
  const runtime = await startLocalRuntime(options);

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.log(`[local] ${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    console.log(`[local] ${signal}: stopping (undelivered events are kept for the next start)`);
    runtime.stop().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);

  console.log(
    [
      "",
      `  RepDesk is running${options.dev ? " (dev mode, hot reload)" : ""}`,
      `  Site and API:    ${runtime.url}`,
      `  E-mail inbox:    ${runtime.sesUrl}/`,
      `  DynamoDB:        ${runtime.dynamoEndpoint}   (free ports unless SES_PORT/DYNAMO_PORT are set)`,
      `  Data folder:     ${runtime.dataDir}   (npm run admin finds this runtime through runtime.json there)`,
      `  Queues:          ${runtime.url}/__local/queues`,
      "",
    ].join("\n"),
  );
  console.log(
    `READY ${JSON.stringify({ url: runtime.url, sesUrl: runtime.sesUrl, dynamoEndpoint: runtime.dynamoEndpoint, dataDir: runtime.dataDir })}`,
  );
}

main().catch((error) => {
  const message = error instanceof Error ? error.message : String(error);
  const inUse = (error as NodeJS.ErrnoException).code === "EADDRINUSE";
  console.error(
    `[local] failed to start: ${message}${inUse ? " (another program uses this port: start with PORT=<another port>)" : ""}`,
  );
  process.exit(1);
});
