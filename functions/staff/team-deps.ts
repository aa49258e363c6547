import { systemClock } from "../lib/clock";
import { documentClient } from "../model/staff/clients";
import { tableName } from "../model/tables";
import type { TeamDependencies } from "./invitations";

/** The team code's clients and tables, from the environment. */
export function teamDependencies(): TeamDependencies {
  return {
    db: documentClient(),
    tables: {
      users: tableName("users"),
      invitations: tableName("invitations"),
      audit: tableName("audit"),
      authState: tableName("authState"),
    },
    clock: systemClock,
  };
}
