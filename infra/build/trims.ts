/**
 * Bundle trims that change nothing a Lambda function can observe:
 * - (Our sources import zod as `import * as z from "zod"`, the form zod documents, so esbuild
 *   keeps only the members used; Biome's noRestrictedImports refuses `import { z }`, which would
 *   bind the whole namespace object, ≈450 KB with every locale — docs/decisions/0047.)
 * - zod's `locales` namespace keeps English only, in case a dependency still binds the namespace.
 * - the AWS SDK's default credential chain becomes its environment link only (lambda-credentials.ts);
 * - the SDK's event-stream codec, which the protocol layer imports lazily and only for operations
 *   with event streams (DynamoDB, SQS, SES and Secrets Manager calls have none), becomes a module
 *   that says so if it is ever reached.
 */
import { fileURLToPath } from "node:url";
import type { Plugin } from "esbuild";

const LAMBDA_CREDENTIALS = fileURLToPath(new URL("./lambda-credentials.ts", import.meta.url));
const ZOD_LOCALES_INDEX = /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/;
const NO_EVENT_STREAMS = "no-event-streams";
export function lambdaTrimsPlugin(): Plugin {
  return {
    name: "lambda-trims",
    setup(build) {
      build.onResolve({ filter: /^@aws-sdk\/credential-provider-node$/ }, () => ({
        path: LAMBDA_CREDENTIALS,
      }));
      build.onResolve({ filter: /^@smithy\/core\/event-streams$/ }, (args) =>
        args.kind === "dynamic-import" ? { path: "event-streams", namespace: NO_EVENT_STREAMS } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: NO_EVENT_STREAMS }, () => ({
        contents:
          'const unavailable = () => { throw new Error("AWS SDK event streams are not bundled (infra/build/trims.ts)"); };\n' +
          "export const EventStreamSerde = unavailable;\nexport const eventStreamSerdeProvider = unavailable;\n",
        loader: "js",
      }));
      build.onLoad({ filter: ZOD_LOCALES_INDEX }, () => ({
        contents: 'export { default as en } from "./en.js";\n',
        loader: "js",
      }));
    },
  };
}
