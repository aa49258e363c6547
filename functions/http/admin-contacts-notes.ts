// Thin entry point; the route is made in functions/desk/routes.ts.
import { noteHandler } from "../desk/routes";

export const handler = noteHandler("contact");
