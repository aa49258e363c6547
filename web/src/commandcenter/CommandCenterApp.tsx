/** The staff SPA under /commandcenter (mounted by web/src/routing/CommandCenterMount.tsx). */
import { Navigate, Route, Routes } from "react-router-dom";
import { AcceptInvitationPage } from "./AcceptInvitationPage";
import { AccountPage } from "./AccountPage";
import { AuthProvider } from "./auth";
import { ContactsPage } from "./ContactsPage";
import { DashboardPage } from "./DashboardPage";
import { ForgotPasswordPage } from "./ForgotPasswordPage";
import { LoginPage } from "./LoginPage";
import { Protected } from "./Protected";
import { ResetPasswordPage } from "./ResetPasswordPage";
import { SignupsPage } from "./SignupsPage";
import { TeamPage } from "./TeamPage";

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
