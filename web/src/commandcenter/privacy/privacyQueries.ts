/**
 * The Privacy page's calls (functions/privacy/routes/privacy.ts; docs/decisions/0095): the address
 * always in a request body, never in a URL. Read and written through the shared query client
 * (docs/decisions/0084-command-center-request-state.md).
 */
import type {
  PrivacyErasure,
  PrivacyExport,
  PrivacySettings,
  PrivacySummary,
} from "../../../../events/privacy";
import { request } from "../common/api";

export const PRIVACY_SETTINGS_KEY = ["privacy", "settings"] as const;

export const privacyApi = {
  settings: () => request<PrivacySettings>("GET", "/api/privacy/settings"),
  find: (email: string) =>
    request<Omit<PrivacySummary, "retentionDays">>("POST", "/api/privacy/find", { email }),
  exportFile: (email: string) => request<PrivacyExport>("POST", "/api/privacy/export", { email }),
  erase: (email: string, confirmEmail: string, password: string) =>
    request<PrivacyErasure>("POST", "/api/privacy/erase", { email, confirmEmail, password }),
};

/** Asks for the export and saves it as one JSON file. */
export async function downloadExport(email: string): Promise<void> {
  const file = await privacyApi.exportFile(email);
  const url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `privacy-export-${file.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
