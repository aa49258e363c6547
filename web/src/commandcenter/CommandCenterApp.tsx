/**
 * The staff SPA under /commandcenter (mounted by web/src/app/CommandCenterMount.tsx): one folder
 * per feature (leads/, sources/, team/, privacy/, integrations/, account/, sign-in/) and what they share (common/). Every read and
 * write goes through one query client (common/queryClient.ts); every signed-in page sits in
 * StaffPage, whose header stays usable when the page itself fails.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Navigate, Route, Routes } from "react-router-dom";
import { LEAD_PLURALS } from "../../../events";
import { AccountPage } from "./account/AccountPage";
import { AuthProvider } from "./common/AuthProvider";
import { createQueryClient } from "./common/queryClient";
import { StaffPage } from "./common/StaffPage";
import { IntegrationsPage } from "./integrations/IntegrationsPage";
import { ContactsPage } from "./leads/ContactsPage";
import { DashboardPage, DashboardTitle } from "./leads/DashboardPage";
import { SignupsPage } from "./leads/SignupsPage";
import { SpamPage } from "./leads/SpamPage";
import { PrivacyPage } from "./privacy/PrivacyPage";
import { AcceptInvitationPage } from "./sign-in/AcceptInvitationPage";
import { ConfirmEmailPage } from "./sign-in/ConfirmEmailPage";
import { ForgotPasswordPage } from "./sign-in/ForgotPasswordPage";
import { LoginPage } from "./sign-in/LoginPage";
import { NotMePage } from "./sign-in/NotMePage";
import { ResetPasswordPage } from "./sign-in/ResetPasswordPage";
import { SourcesPage } from "./sources/SourcesPage";
import { TeamPage } from "./team/TeamPage";

export default function CommandCenterApp() {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <Routes>
          <Route path="login" element={<LoginPage />} />
          <Route path="accept-invitation" element={<AcceptInvitationPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="not-me" element={<NotMePage />} />
          <Route path="confirm-email" element={<ConfirmEmailPage />} />
          <Route
            index
            element={
              <StaffPage title={<DashboardTitle />}>
                <DashboardPage />
              </StaffPage>
            }
          />
          <Route
            path={LEAD_PLURALS.signup}
            element={
              <StaffPage title="Signups" back wide>
                <SignupsPage />
              </StaffPage>
            }
          />
          <Route
            path={LEAD_PLURALS.contact}
            element={
              <StaffPage title="Contact Messages" back wide>
                <ContactsPage />
              </StaffPage>
            }
          />
          <Route
            path="spam"
            element={
              <StaffPage title="Spam" back wide>
                <SpamPage />
              </StaffPage>
            }
          />
          <Route
            path="sources"
            element={
              <StaffPage title="Sources" back wide>
                <SourcesPage />
              </StaffPage>
            }
          />
          <Route
            path="team"
            element={
              <StaffPage title="Team">
                <TeamPage />
              </StaffPage>
            }
          />
          <Route
            path="privacy"
            element={
              <StaffPage title="Privacy">
                <PrivacyPage />
              </StaffPage>
            }
          />
          <Route
            path="integrations"
            element={
              <StaffPage title="Integrations" wide>
                <IntegrationsPage />
              </StaffPage>
            }
          />
          <Route
            path="account"
            element={
              <StaffPage title="Account">
                <AccountPage />
              </StaffPage>
            }
          />
          <Route path="*" element={<Navigate to="/commandcenter" replace />} />
        </Routes>
      </AuthProvider>
    </QueryClientProvider>
  );
}
