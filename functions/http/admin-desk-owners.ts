// Thin entry point; the route is made in functions/desk/routes.ts.
import { ownersHandler } from "../desk/routes";

export const handler = ownersHandler();
