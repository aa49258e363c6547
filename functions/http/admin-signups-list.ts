// Thin entry point; the route is made in functions/admin/routes.ts.
import { listHandler } from "../admin/routes";

export const handler = listHandler("signup");
