// Thin entry point; the route is made in functions/admin/routes.ts.
import { leadHandler } from "../admin/routes";

export const handler = leadHandler("contact");
