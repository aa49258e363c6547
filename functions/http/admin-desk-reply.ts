// Thin entry point; the routes are made in functions/desk/routes.ts (docs/decisions/0068-replies.md).
import { replyHandler, replyTemplatesHandler } from "../desk/reply-routes";
import { httpRoutes } from "./middleware";

export const handler = httpRoutes({
  "POST /api/admin/desk/reply": replyHandler(),
  "GET /api/admin/desk/reply-templates": replyTemplatesHandler(),
});
