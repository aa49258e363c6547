/**
 * A registry function's environment for a test that runs its handler in-process or its bundle in a
 * child process: exactly what the local runtime gives it (infra/environment.ts with the local
 * values), with the test's own table names and origin where given.
 */
import type { TableKey } from "../../functions/model/tables";
import { type EnvironmentValues, functionEnvironment, registryFunctions } from "../../infra/environment";
import { localEnvironmentValues } from "../../infra/local/environment";
import { loadStage } from "../../infra/stages";

export const TEST_SITE_URL = "http://localhost:3000";

export function functionEnvironmentFor(
  name: string,
  overrides: Partial<Omit<EnvironmentValues, "tableName">> & { tables?: Record<TableKey, string> } = {},
): Record<string, string> {
  const found = registryFunctions().find(({ definition }) => definition.name === name);
  if (!found) throw new Error(`No registry function "${name}"`);
  const { tables, ...values } = overrides;
  const local = localEnvironmentValues({
    stage: loadStage("local"),
    siteUrl: TEST_SITE_URL,
    submissionsPerMinute: 0,
  });
  return functionEnvironment(found.definition, found.kind, {
    ...local,
    ...(tables ? { tableName: (key: TableKey) => tables[key] } : {}),
    ...values,
  }) as Record<string, string>;
}
