import { createDocumentClient } from "../../lib/dynamo";
import { once } from "../../lib/env";

/** One DynamoDB document client per Lambda instance, created on first use (after the environment is set). */
export const documentClient = once(() => createDocumentClient());
