import { ContactRequest } from "../../../events/contact";
import { acceptContact } from "../submissions";
import { submissionHandler } from "./submission-route";

/** POST /api/contact */
export const contactRoute = {
  route: "POST /api/contact",
  schema: ContactRequest,
  recordsTable: "contacts",
  accept: acceptContact,
} as const;

export const handler = submissionHandler(contactRoute);
