import { SignupRequest } from "../../../events/signup";
import { acceptSignup } from "../submissions";
import { submissionHandler } from "./submission-route";

/** POST /api/signup */
export const signupRoute = {
  route: "POST /api/signup",
  schema: SignupRequest,
  recordsTable: "signups",
  accept: acceptSignup,
} as const;

export const handler = submissionHandler(signupRoute);
