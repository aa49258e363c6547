// Thin entry point; the route is made in functions/desk/routes.ts.
import { timelineHandler } from "../desk/routes";

export const handler = timelineHandler("signup");
