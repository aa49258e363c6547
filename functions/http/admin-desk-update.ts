// Thin entry point; the route is made in functions/desk/routes.ts.
import { deskUpdateHandler } from "../desk/routes";

export const handler = deskUpdateHandler();
