// Thin entry point; the route is made in functions/admin/routes.ts.
import { signupStatsHandler } from "../admin/routes";

export const handler = signupStatsHandler();
