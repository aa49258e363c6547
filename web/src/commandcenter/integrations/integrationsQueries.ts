/** The Integrations page's calls (docs/product/webhooks.md), through the shared request state. */
import type {
  DeliveryView,
  EndpointCreateRequest,
  EndpointUpdateRequest,
  EndpointView,
} from "../../../../events";
import { request } from "../common/api";

export const ENDPOINTS_KEY = ["integrations", "endpoints"] as const;
export const deliveriesKey = (id: string) => ["integrations", "deliveries", id] as const;

const endpointPath = (id: string) => `/api/integrations/endpoints/${encodeURIComponent(id)}`;

export interface SecretAnswer {
  endpoint: EndpointView;
  /** Shown once: at creation and at rotation. */
  secret?: string;
}

export const integrationsApi = {
  endpoints: () => request<{ endpoints: EndpointView[] }>("GET", "/api/integrations/endpoints"),
  create: (body: EndpointCreateRequest) => request<SecretAnswer>("POST", "/api/integrations/endpoints", body),
  update: (id: string, change: EndpointUpdateRequest) =>
    request<SecretAnswer>("PATCH", endpointPath(id), change),
  remove: (id: string) => request<SecretAnswer>("DELETE", endpointPath(id)),
  rotate: (id: string) => request<SecretAnswer>("POST", `${endpointPath(id)}/rotate-secret`, {}),
  deliveries: (id: string) =>
    request<{ deliveries: DeliveryView[] }>("GET", `${endpointPath(id)}/deliveries`),
  test: (id: string) => request<{ eventId: string }>("POST", `${endpointPath(id)}/test`, {}),
  replayRange: (id: string, from: string, to: string) =>
    request<{ replayed: number }>("POST", `${endpointPath(id)}/replay`, { from, to }),
  replayOne: (deliveryId: string) =>
    request<{ replayed: number }>(
      "POST",
      `/api/integrations/deliveries/${encodeURIComponent(deliveryId)}/replay`,
      {},
    ),
};
