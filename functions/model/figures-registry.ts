/**
 * The functions that read the figures the lead writers keep, as functions/registry.ts lists them:
 * plain data, checked against the registry's types where it is spread in. Both read only the lead
 * tables' items (and the session's users and auth state); GET only.
 *
 * - the dashboard's response figures (docs/decisions/0090-maintained-response-figures.md, 0102);
 * - the Sources report and its CSV, one function for both routes
 *   (docs/decisions/0144-sources-report-figures.md).
 */
import type { HttpFunctionDefinition } from "./registry-types";

const LEAD_FIGURE_READS = { signups: "read", contacts: "read", users: "read", authState: "read" } as const;

export const FIGURE_READERS: readonly HttpFunctionDefinition[] = [
  {
    name: "admin-desk-stats",
    entry: "leads/routes/desk-routes.ts#deskFigures",
    routes: ["GET /api/admin/desk/stats"],
    tables: LEAD_FIGURE_READS,
    sessionKey: true,
  },
  {
    name: "admin-sources",
    entry: "leads/routes/source-routes.ts#sources",
    routes: ["GET /api/admin/sources", "GET /api/admin/sources/export.csv"],
    tables: LEAD_FIGURE_READS,
    sessionKey: true,
  },
];
