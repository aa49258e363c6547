/**
 * Whether the tables of functions/model/tables.ts can be reached from the last release's tables in
 * one CloudFormation update. Two rules of DynamoDB through CloudFormation (AWS CloudFormation User
 * Guide, AWS::DynamoDB::Table, GlobalSecondaryIndexes): an existing global secondary index cannot
 * change its keys or projection (a changed index needs a new name), and one update may create or
 * delete at most one global secondary index per table. A table's own key schema never changes
 * (that replaces the table). infra/released-indexes.json records the release's indexes;
 * `npx tsx infra/index-migration.ts record` writes it anew after a release (docs/DEPLOY.md).
 */
import { readFileSync, writeFileSync } from "node:fs";
import type { GlobalIndexDefinition, TableDefinition, TableKey } from "../functions/model/tables";
import { TABLES } from "../functions/model/tables";
import { isMainModule } from "./main-module";

/** A table as the release left it: its key schema and its indexes. */
export interface ReleasedTable {
  readonly keys: string;
  readonly indexes: Record<string, string>;
}
export type ReleasedTables = Record<string, ReleasedTable>;

export const RELEASED_INDEXES_FILE = new URL("./released-indexes.json", import.meta.url);

function describeIndex(index: GlobalIndexDefinition): string {
  const keys = [index.partitionKey, index.sortKey].filter(Boolean).map((k) => `${k?.name}:${k?.type}`);
  const projection = index.include ? `INCLUDE(${[...index.include].sort().join(",")})` : "ALL";
  return `${keys.join(" ")} ${projection}`;
}

export function snapshotOf(tables: Record<string, TableDefinition>): ReleasedTables {
  return Object.fromEntries(
    Object.entries(tables).map(([key, table]) => [
      key,
      {
        keys: [table.partitionKey, table.sortKey]
          .filter(Boolean)
          .map((k) => `${k?.name}:${k?.type}`)
          .join(" "),
        indexes: Object.fromEntries(
          (table.globalIndexes ?? []).map((index) => [index.indexName, describeIndex(index)]),
        ),
      },
    ]),
  );
}

/** What keeps `current` from deploying over `released` in one update; empty when it can. */
export function migrationProblems(released: ReleasedTables, current: ReleasedTables): string[] {
  const problems: string[] = [];
  for (const [key, table] of Object.entries(current)) {
    const before = released[key];
    if (!before) continue; // a new table is created whole
    if (before.keys !== table.keys)
      problems.push(
        `${key}: the table's keys change (${before.keys} → ${table.keys}): that replaces the table`,
      );
    const added = Object.keys(table.indexes).filter((name) => !(name in before.indexes));
    const removed = Object.keys(before.indexes).filter((name) => !(name in table.indexes));
    for (const [name, shape] of Object.entries(table.indexes)) {
      const old = before.indexes[name];
      if (old !== undefined && old !== shape)
        problems.push(
          `${key}.${name}: an existing index changes (${old} → ${shape}): give the new shape a new name`,
        );
    }
    if (added.length + removed.length > 1)
      problems.push(
        `${key}: ${added.length} index(es) added (${added.join(", ") || "none"}) and ${removed.length} removed (${removed.join(", ") || "none"}) in one deploy: at most one per deploy`,
      );
  }
  return problems;
}

export function releasedTables(): ReleasedTables {
  return JSON.parse(readFileSync(RELEASED_INDEXES_FILE, "utf8")) as ReleasedTables;
}

export function currentTables(): ReleasedTables {
  return snapshotOf(TABLES as Record<TableKey, TableDefinition>);
}

if (isMainModule(import.meta.url)) {
  if (process.argv[2] === "record") {
    writeFileSync(RELEASED_INDEXES_FILE, `${JSON.stringify(currentTables(), null, 2)}\n`);
    console.log(`Recorded the tables' indexes in ${RELEASED_INDEXES_FILE.pathname}`);
  } else {
    const problems = migrationProblems(releasedTables(), currentTables());
    for (const problem of problems) console.error(problem);
    console.log(problems.length === 0 ? "One deploy away from the last release." : "");
    process.exitCode = problems.length === 0 ? 0 : 1;
  }
}
