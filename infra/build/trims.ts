/**
 * Bundle trims that change nothing a Lambda function can observe:
 * - (Our sources import zod as `import * as z from "zod"`, the form zod documents, so esbuild
 *   keeps only the members used; Biome's noRestrictedImports refuses `import { z }`, the default
 *   import and zod's subpaths, which bind the whole namespace object, ≈450 KB with every locale —
 *   docs/decisions/0047. Our sources are never rewritten: trims.test.ts checks the filters below.)
 * - zod's `locales` namespace keeps English only, in case a dependency still binds the namespace.
 * - zod's JSON Schema generation (`toJSONSchema`, `~standard.jsonSchema`), which zod's classic
 *   schemas wire into every schema type and no function calls (trims.test.ts checks that
 *   functions/ and events/ never name it), becomes functions that say so if they are ever
 *   reached: ≈18 KB of every bundle.
 * - the AWS SDK's default credential chain becomes its environment link only (lambda-credentials.ts);
 * - the SDK's event-stream codec, which the protocol layer imports lazily and only for operations
 *   with event streams (DynamoDB, SQS, SES and Secrets Manager calls have none), becomes a module
 *   that says so if it is ever reached;
 * - the SDK clients' schema files write trait keys as computed names of string constants
 *   (`{ [_h]: ["POST", "/v2/email/outbound-emails", 200] }`, `_h = "http"`). esbuild cannot prove
 *   that a computed key has no side effect, so it keeps every schema of the file, used or not:
 *   the SES client's schemas of its ~110 operations were 47 KB of every bundle that sends
 *   e-mail. The keys become the same strings written out (`{ "http": [...] }`, the same object),
 *   and the schemas of operations we never call drop out (docs/decisions/0078-bundle-headroom.md).
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Plugin } from "esbuild";

const LAMBDA_CREDENTIALS = fileURLToPath(new URL("./lambda-credentials.ts", import.meta.url));
const ZOD_LOCALES_INDEX = /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/;
const NO_EVENT_STREAMS = "no-event-streams";
const ZOD_JSON_SCHEMA = /[\\/]zod[\\/]v4[\\/]core[\\/](?:json-schema-processors|to-json-schema)\.js$/;
const SDK_CLIENT_SCHEMAS = /[\\/]@aws-sdk[\\/]client-[^\\/]+[\\/]dist-es[\\/]schemas[\\/]schemas_\d+\.js$/;

/** `{ [_h]: x }` -> `{ "http": x }` where the module declares `const _h = "http";`. */
export function literalTraitKeys(source: string): string {
  const strings = new Map<string, string>();
  for (const [, name, value] of source.matchAll(/^const (_\w+) = ("[\w$.#:/-]*");$/gm)) {
    if (name && value) strings.set(name, value);
  }
  return source.replace(/([{,]\s*)\[(_\w+)\]:/g, (whole, before: string, name: string) => {
    const value = strings.get(name);
    return value ? `${before}${value}:` : whole;
  });
}

/**
 * A module with every export of `source`, each a function that throws when called, except the
 * `create…Method` factories, which return such a function: zod's classic schemas call those when
 * a schema's `~standard` property is read, and must only fail if the JSON Schema is asked for.
 */
export function unavailableExports(source: string, message: string): string {
  const names = new Set<string>();
  for (const [, name] of source.matchAll(
    /^export (?:const|let|var|function\*?|async function|class) (\w+)/gm,
  )) {
    if (name) names.add(name);
  }
  for (const [, list] of source.matchAll(/^export \{([^}]*)\}/gm)) {
    for (const item of (list ?? "").split(",")) {
      const exported = item
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (exported) names.add(exported);
    }
  }
  const lines = [`const unavailable = () => { throw new Error(${JSON.stringify(message)}); };`];
  for (const name of names) {
    lines.push(
      /^create\w*Method$/.test(name)
        ? `export const ${name} = () => unavailable;`
        : `export const ${name} = unavailable;`,
    );
  }
  return `${lines.join("\n")}\n`;
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
      build.onLoad({ filter: SDK_CLIENT_SCHEMAS }, async (args) => ({
        contents: literalTraitKeys(await readFile(args.path, "utf8")),
        loader: "js",
      }));
      build.onLoad({ filter: ZOD_JSON_SCHEMA }, async (args) => ({
        contents: unavailableExports(
          await readFile(args.path, "utf8"),
          "zod's JSON Schema generation is not bundled (infra/build/trims.ts)",
        ),
        loader: "js",
      }));
      build.onLoad({ filter: ZOD_LOCALES_INDEX }, () => ({
        contents: 'export { default as en } from "./en.js";\n',
        loader: "js",
      }));
    },
  };
}
