/**
 * The DynamoDB tables of functions/model/tables.ts, and least-privilege access to them: each function gets
 * exactly the actions of the access level the registry names, on its table and that table's
 * indexes (no wildcard actions, no wildcard resources).
 */
import { CfnOutput, RemovalPolicy } from "aws-cdk-lib";
import {
  AttributeType,
  BillingMode,
  ProjectionType,
  StreamViewType,
  Table,
  TableEncryption,
} from "aws-cdk-lib/aws-dynamodb";
import { type IGrantable, PolicyStatement } from "aws-cdk-lib/aws-iam";
import { Construct } from "constructs";
import { TABLES, type TableDefinition, type TableKey } from "../../functions/model/tables";
import { TABLE_SCANS, type TableAccess } from "../../functions/registry";
import type { StageConfig } from "../stages";

/** Reads of single items and of a key's range; a Scan is granted only where the registry lists it. */
const READ_ACTIONS = [
  "dynamodb:GetItem",
  "dynamodb:BatchGetItem",
  "dynamodb:Query",
  "dynamodb:ConditionCheckItem",
  "dynamodb:DescribeTable",
];
export const SCAN_ACTION = "dynamodb:Scan";
const WRITE_ACTIONS = [
  "dynamodb:PutItem",
  "dynamodb:UpdateItem",
  "dynamodb:DeleteItem",
  "dynamodb:BatchWriteItem",
  "dynamodb:ConditionCheckItem",
  "dynamodb:DescribeTable",
];
/** Actions Lambda's poller needs on a stream (scoped to the stream, not `*`). */
export const STREAM_READ_ACTIONS = [
  "dynamodb:DescribeStream",
  "dynamodb:GetRecords",
  "dynamodb:GetShardIterator",
  "dynamodb:ListStreams",
];

/** Adds and changes single items; never removes one. */
const UPSERT_ACTIONS = [
  "dynamodb:PutItem",
  "dynamodb:UpdateItem",
  "dynamodb:ConditionCheckItem",
  "dynamodb:DescribeTable",
];
const LOOKUP_ACTIONS = ["dynamodb:GetItem", "dynamodb:Query"];

const ACTIONS: Record<TableAccess, readonly string[]> = {
  read: READ_ACTIONS,
  write: WRITE_ACTIONS,
  readWrite: [...READ_ACTIONS, ...WRITE_ACTIONS],
  upsert: UPSERT_ACTIONS,
  lookupUpsert: [...LOOKUP_ACTIONS, ...UPSERT_ACTIONS],
};

/** The tables a function may scan (functions/registry.ts TABLE_SCANS). */
export function scansOf(functionName: string): readonly TableKey[] {
  return TABLE_SCANS[functionName] ?? [];
}

/** The actions of an access level, plus Scan for a table the function is listed as scanning (TABLE_SCANS). */
export function actionsFor(access: TableAccess, scans = false): string[] {
  const reads = access === "read" || access === "readWrite";
  if (scans && !reads) throw new Error(`A scan needs read access, not "${access}" (functions/registry.ts)`);
  return [...new Set([...ACTIONS[access], ...(scans ? [SCAN_ACTION] : [])])];
}

const attributeType = (type: "S" | "N") => (type === "S" ? AttributeType.STRING : AttributeType.NUMBER);

export interface DataProps {
  readonly stage: StageConfig;
}

export class Data extends Construct {
  readonly tables: Record<TableKey, Table>;

  constructor(scope: Construct, id: string, { stage }: DataProps) {
    super(scope, id);
    const entries = (Object.entries(TABLES) as [TableKey, TableDefinition][]).map(
      ([key, definition]) => [key, this.createTable(definition, stage)] as const,
    );
    this.tables = Object.fromEntries(entries) as Record<TableKey, Table>;
    for (const [key, table] of entries) {
      new CfnOutput(this, `${TABLES[key].id}Name`, {
        key: `${TABLES[key].id}TableName`,
        value: table.tableName,
      });
    }
  }

  private createTable(definition: TableDefinition, stage: StageConfig): Table {
    const table = new Table(this, definition.id, {
      tableName: `repdesk-${stage.name}-${definition.id}`,
      partitionKey: { name: definition.partitionKey.name, type: attributeType(definition.partitionKey.type) },
      sortKey: definition.sortKey
        ? { name: definition.sortKey.name, type: attributeType(definition.sortKey.type) }
        : undefined,
      billingMode: BillingMode.PAY_PER_REQUEST,
      encryption: TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: stage.production,
      removalPolicy: stage.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      timeToLiveAttribute: definition.timeToLiveAttribute,
      stream: definition.streamNewImages
        ? StreamViewType.NEW_IMAGE
        : definition.streamOldImages
          ? StreamViewType.OLD_IMAGE
          : undefined,
    });
    for (const index of definition.globalIndexes ?? []) {
      table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey.name, type: attributeType(index.partitionKey.type) },
        sortKey: index.sortKey
          ? { name: index.sortKey.name, type: attributeType(index.sortKey.type) }
          : undefined,
        ...(index.include
          ? { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...index.include] }
          : { projectionType: ProjectionType.ALL }),
      });
    }
    return table;
  }

  /** Grants one access level on one table and its indexes (and Scan where listed), nothing more. */
  grant(grantee: IGrantable, key: TableKey, access: TableAccess, scans = false): void {
    const table = this.tables[key];
    const definition: TableDefinition = TABLES[key];
    const indexArns = (definition.globalIndexes ?? []).map(
      (index) => `${table.tableArn}/index/${index.indexName}`,
    );
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions: actionsFor(access, scans), resources: [table.tableArn, ...indexArns] }),
    );
  }

  /** What a stream consumer needs, on this table's stream only. */
  grantStreamRead(grantee: IGrantable, key: TableKey): string {
    const streamArn = this.tables[key].tableStreamArn;
    if (!streamArn) throw new Error(`Table ${key} has no stream`);
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions: STREAM_READ_ACTIONS, resources: [streamArn] }),
    );
    return streamArn;
  }
}
