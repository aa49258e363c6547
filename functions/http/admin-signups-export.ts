// Thin entry point; the route is made in functions/admin/routes.ts.
import { exportHandler } from "../admin/routes";

export const handler = exportHandler("signup");
