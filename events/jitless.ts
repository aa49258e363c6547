/**
 * zod without eval, the one place that says so: zod v4 compiles a fast parser for object schemas
 * with `new Function`, and first probes whether it may (`allowsEval`) when the first object schema
 * is built. Our pages' Content-Security-Policy has no 'unsafe-eval' (infra/security-headers.ts), so
 * the probe is a CSP violation that Chromium reports as an issue even though zod catches it. With
 * `jitless` set before any schema is built, zod never probes and parses with its interpreter (plenty
 * fast for our forms and requests; harmless on the server).
 *
 * Every module that imports zod imports this one right after it (test/architecture/one-home.test.ts
 * holds that), so it is evaluated before the first schema of any bundle, page or function.
 */
import * as z from "zod";

// The answer is read, so the call stays: the site's build declares every `z.…()` call pure (its
// result unused, it may go) so that unused schemas drop out of the page chunks
// (infra/site/vite.config.ts). Named as `z.config`, not through a copy of the namespace: a bundler
// keeps all of zod once the namespace object is used as a value.
if (!z.config({ jitless: true }).jitless) throw new Error("zod must be jitless: our CSP allows no eval");
