/** The Account page's reads (the member's own), shared by the cards that show and change them. */
import { queryOptions } from "@tanstack/react-query";
import { api } from "../common/api";

/** The member's address and a change awaiting its link (docs/decisions/0122). */
export const emailQuery = queryOptions({
  queryKey: ["account", "email"],
  queryFn: () => api.accountEmail(),
});

export const securityQuery = queryOptions({
  queryKey: ["account", "security"],
  queryFn: () => api.security(),
});

export const sessionsQuery = queryOptions({
  queryKey: ["account", "sessions"],
  queryFn: async () => (await api.sessions()).sessions,
});

export const passkeysQuery = queryOptions({
  queryKey: ["account", "passkeys"],
  queryFn: async () => (await api.passkeys()).passkeys,
});
