// Thin entry point; the route is made in functions/admin/routes.ts.
import { deleteHandler } from "../admin/routes";

export const handler = deleteHandler("signup");
