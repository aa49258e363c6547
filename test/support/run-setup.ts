/**
 * vitest globalSetup of the integration project (test/vitest.config.ts): one temporary folder for
 * the whole test run, handed to every test file as `inject("runTempDir")` and removed when the run
 * ends. Work that every file would otherwise repeat, and that no test changes, is done once into it
 * by the first file that needs it: the function bundles of the infra tests (test/infra/synth.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** A folder shared by every test file of this run (deleted at its end). */
    runTempDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), "repdesk-test-run-"));
  project.provide("runTempDir", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
