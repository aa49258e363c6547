/**
 * /commandcenter/not-me#token=… (the "This wasn't me" link of a security notice; docs/decisions/0082,
 * 0121): the server's account of what was done, then the way to a new password.
 */
import { NOT_ME_MESSAGES } from "../../../../events";
import { api } from "../common/api";
import { LinkActionPage } from "./LinkActionPage";

export function NotMePage() {
  return (
    <LinkActionPage
      title="This wasn't me"
      invalidLink={NOT_ME_MESSAGES.invalidLink}
      send={api.notMe}
      explanation="If you did not make the change this e-mail told you about, secure your account: every session of it ends (yours too), the password reset links sent so far stop working, and the change is undone where it can be."
      button={{ label: "Secure my account", busy: "Securing...", danger: true }}
      next={{ to: "/commandcenter/forgot-password", label: "Choose a new password" }}
    />
  );
}
