/**
 * Bundle trims that change nothing a Lambda function can observe:
 * - `import { z } from "zod"` in our own sources becomes `import * as z from "zod"` (the form
 *   zod documents). The named import binds zod's whole namespace object, which esbuild must then
 *   keep in full (≈450 KB minified, every locale included); through a namespace import it keeps
 *   only the members used (≈85 KB).
 * - zod's `locales` namespace keeps English only, in case a dependency still binds the namespace.
 * - the AWS SDK's default credential chain becomes its environment link only (lambda-credentials.ts);
 * - the SDK's event-stream codec, which the protocol layer imports lazily and only for operations
 *   with event streams (DynamoDB, SQS, SES and Secrets Manager calls have none), becomes a module
 *   that says so if it is ever reached.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Loader, Plugin } from "esbuild";

const LAMBDA_CREDENTIALS = fileURLToPath(new URL("./lambda-credentials.ts", import.meta.url));
const ZOD_LOCALES_INDEX = /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/;
const NO_EVENT_STREAMS = "no-event-streams";
const TS_SOURCE = /\.tsx?$/;
const ZOD_NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(["'])zod\2\s*;?/g;

/** Rewrites `import { z, type X } from "zod"` into a namespace import plus the remaining names. */
export function namespaceZodImports(source: string): string {
  return source.replace(ZOD_NAMED_IMPORT, (statement, names: string) => {
    const specifiers = names
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean);
    if (!specifiers.includes("z")) return statement;
    const others = specifiers.filter((name) => name !== "z");
    const rest = others.length > 0 ? ` import { ${others.join(", ")} } from "zod";` : "";
    return `import * as z from "zod";${rest}`;
  });
}

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
      build.onLoad({ filter: TS_SOURCE }, (args) => {
        if (/[\\/]node_modules[\\/]/.test(args.path)) return undefined;
        const source = readFileSync(args.path, "utf8");
        if (!source.includes("zod")) return undefined;
        const loader: Loader = args.path.endsWith(".tsx") ? "tsx" : "ts";
        return { contents: namespaceZodImports(source), loader };
      });
    },
  };
}
