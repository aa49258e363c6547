import { Signup } from "../../events/signup";
import { recordMapping } from "./record-mapping";

/** Signups in SIGNUPS_TABLE: `{ ...Signup, kind: "signup" }`. */
export const signupItems = recordMapping("signup", Signup);
