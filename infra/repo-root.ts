import { fileURLToPath } from "node:url";

/**
 * The repository's folder, absolute: where the CLIs, the bundler, the site build and the local
 * runtime find functions/, web/ and dist/. Its one home in infra/ (tests may compute their own).
 */
export const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
