/**
 * /commandcenter/confirm-email#token=… (the link sent to a new address; docs/decisions/0122).
 */
import { EMAIL_CHANGE_MESSAGES } from "../../../../events";
import { api } from "../common/api";
import { LinkActionPage } from "./LinkActionPage";

export function ConfirmEmailPage() {
  return (
    <LinkActionPage
      title="Confirm your new address"
      invalidLink={EMAIL_CHANGE_MESSAGES.invalidLink}
      send={api.confirmEmail}
      explanation="Make this address the one of your Command Center account: reset links and notices will go to it."
      button={{ label: "Confirm this address", busy: "Confirming..." }}
      next={{ to: "/commandcenter/account", label: "Open your account" }}
    />
  );
}
