/**
 * Loading and calling the functions of functions/registry.ts the way Lambda does: each entry module
 * imported once, on first use (after the runtime has set the environment), its `handler` called
 * with the event and a Lambda context.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Context } from "aws-lambda";

export type LambdaHandler = (event: unknown, context: Context) => Promise<unknown>;

const DEFAULT_TIMEOUT_MS = 30_000;

export function lambdaContext(functionName: string, requestId: string = randomUUID()): Context {
  const deadline = Date.now() + DEFAULT_TIMEOUT_MS;
  const unsupported = () => {
    throw new Error("Callback-style Lambda handlers are not supported; return a promise");
  };
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: "$LATEST",
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: "512",
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `local/${functionName}`,
    getRemainingTimeInMillis: () => Math.max(deadline - Date.now(), 0),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
}

/** Imports each module at most once, on first use, and hands out its exports. */
export class HandlerLoader {
  private readonly modules = new Map<string, Promise<Record<string, unknown>>>();

  /** `functionsDir` is the folder the registry's `entry` paths are relative to. */
  constructor(private readonly functionsDir: string) {}

  module(entry: string): Promise<Record<string, unknown>> {
    let loaded = this.modules.get(entry);
    if (!loaded) {
      loaded = import(pathToFileURL(path.join(this.functionsDir, entry)).href) as Promise<
        Record<string, unknown>
      >;
      // A module that failed to load (e.g. not written yet) is tried again on the next call.
      loaded.catch(() => this.modules.delete(entry));
      this.modules.set(entry, loaded);
    }
    return loaded;
  }

  /** The registry entry's handler: `module` exports `handler`, `module#name` exports `name`. */
  async load(entry: string): Promise<LambdaHandler> {
    const [module = "", exported = "handler"] = entry.split("#");
    const exports = await this.module(module);
    if (typeof exports[exported] !== "function")
      throw new Error(`functions/${module} does not export a handler named ${exported}`);
    return exports[exported] as LambdaHandler;
  }
}
