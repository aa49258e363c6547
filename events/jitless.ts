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

// Through a name of its own, not as `z.config(…)`: the site's build declares every `z.…()` call
// pure so that unused schemas drop out of the page chunks (infra/site/vite.config.ts), and it would
// drop this call too.
const { config } = z;
config({ jitless: true });
