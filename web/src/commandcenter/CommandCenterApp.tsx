/** The staff SPA under /commandcenter (mounted by web/src/routing/CommandCenterMount.tsx). */
import { Navigate, Route, Routes } from "react-router-dom";
import { AccountPage } from "./account/AccountPage";
import { ContactsPage } from "./leads/ContactsPage";
import { DashboardPage } from "./leads/DashboardPage";
import { SignupsPage } from "./leads/SignupsPage";
import { AuthProvider } from "./shared/AuthProvider";
import { Protected } from "./shared/Protected";
import { AcceptInvitationPage } from "./sign-in/AcceptInvitationPage";
import { ForgotPasswordPage } from "./sign-in/ForgotPasswordPage";
import { LoginPage } from "./sign-in/LoginPage";
import { ResetPasswordPage } from "./sign-in/ResetPasswordPage";
import { TeamPage } from "./team/TeamPage";

export default function CommandCenterApp() {
  return (
    <AuthProvider>
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route path="accept-invitation" element={<AcceptInvitationPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route
          index
          element={
            <Protected>
              <DashboardPage />
            </Protected>
          }
        />
        <Route
          path="signups"
          element={
            <Protected>
              <SignupsPage />
            </Protected>
          }
        />
        <Route
          path="contacts"
          element={
            <Protected>
              <ContactsPage />
            </Protected>
          }
        />
        <Route
          path="team"
          element={
            <Protected>
              <TeamPage />
            </Protected>
          }
        />
        <Route
          path="account"
          element={
            <Protected>
              <AccountPage />
            </Protected>
          }
        />
        <Route path="*" element={<Navigate to="/commandcenter" replace />} />
      </Routes>
    </AuthProvider>
  );
}
