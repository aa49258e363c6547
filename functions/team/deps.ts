import { documentClient } from "../auth/clients";
import { systemClock } from "../domain/deps";
import { tableName } from "../lib/env";
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
    now: systemClock,
  };
}
