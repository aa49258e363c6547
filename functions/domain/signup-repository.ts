import { Signup } from "../../events";
import { recordMapping } from "./record-mapping";

/** Signups in SIGNUPS_TABLE: `{ ...Signup, kind: "signup" }`. */
export const signupItems = recordMapping("signup", Signup);
