/** Who publishes the site and how to reach its legal and privacy teams (Terms and Privacy pages). */
export interface LegalContact {
  readonly team: string;
  readonly email: string;
  /** As shown; `phoneHref` is the tel: form. */
  readonly phone: string;
  readonly phoneHref: string;
  readonly addressLines: readonly string[];
}

export const COMPANY_NAME = "RepDesk, Inc.";

const POSTAL_ADDRESS = [
  "RepDesk, Inc.",
  "1200 Commerce Street, Suite 400",
  "Dallas, TX 75202",
  "United States",
];

export const LEGAL_CONTACT: LegalContact = {
  team: "Legal",
  email: "legal@repdesk.example.com",
  phone: "+1 (214) 555-0142",
  phoneHref: "tel:+12145550142",
  addressLines: ["Attn: Legal Department", ...POSTAL_ADDRESS],
};

export const PRIVACY_CONTACT: LegalContact = {
  team: "Privacy",
  email: "privacy@repdesk.example.com",
  phone: "+1 (214) 555-0143",
  phoneHref: "tel:+12145550143",
  addressLines: ["Attn: Privacy Officer", ...POSTAL_ADDRESS],
};

/** When a legal page last changed (docs/product/site.md). */
export interface LastUpdated {
  readonly iso: string;
  readonly text: string;
}

export const TERMS_LAST_UPDATED: LastUpdated = { iso: "2024-01-01", text: "January 1, 2024" };
/**
 * Describes the processing as built: the consent banner, forwarding to webhooks and Slack (since
 * 2026-11-27), and where a lead came from (since 2026-11-29).
 */
export const PRIVACY_LAST_UPDATED: LastUpdated = { iso: "2026-11-29", text: "November 29, 2026" };
