// Thin entry point; the route is made in functions/desk/routes.ts.
import { deskStatsHandler } from "../desk/routes";

export const handler = deskStatsHandler();
