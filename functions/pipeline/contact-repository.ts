import { ContactMessage } from "../../events/contact";
import { recordMapping } from "./record-mapping";

/** Contact messages in CONTACTS_TABLE: `{ ...ContactMessage, kind: "contact" }`. */
export const contactItems = recordMapping("contact", ContactMessage);
