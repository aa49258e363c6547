/**
 * The plain constants of the form shapes — choices, their labels, the honeypot field name — with no
 * zod import, so that the browser can show a form without downloading the schemas (the site loads
 * the schemas only when it validates). The schemas in signup.ts / contact.ts / fields.ts build on
 * these and re-export them.
 */
export const TEAM_SIZES = ["solo", "team"] as const;
export const PRODUCT_LINES = ["single", "multiple"] as const;
export type TeamSize = (typeof TEAM_SIZES)[number];
export type ProductLines = (typeof PRODUCT_LINES)[number];

/** Labels shown to staff (docs/product/command-center.md, Signup Details) and on the signup form. */
export const TEAM_SIZE_LABELS: Record<TeamSize, string> = {
  solo: "Solo (Just me)",
  team: "Team (Multiple people)",
};
export const PRODUCT_LINES_LABELS: Record<ProductLines, string> = {
  single: "Single Line",
  multiple: "Multiple Lines",
};

export const CONTACT_SUBJECTS = [
  "general",
  "sales",
  "support",
  "billing",
  "demo",
  "partnership",
  "other",
] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/** Option labels on the contact form; 'general' is the default and reads 'Select a subject'. */
export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  general: "Select a subject",
  sales: "Sales",
  support: "Support",
  billing: "Billing",
  demo: "Demo",
  partnership: "Partnership",
  other: "Other",
};

/**
 * A chosen subject as it reads once the form is sent — in the e-mails and the Command Center. The
 * default reads "General inquiry" there (on the form it is the unchosen "Select a subject").
 */
export const CONTACT_SUBJECT_CHOSEN_LABELS: Record<ContactSubject, string> = /* @__PURE__ */ Object.assign(
  {},
  CONTACT_SUBJECT_LABELS,
  { general: "General inquiry" },
);

/**
 * Honeypot: a field hidden from people and assistive technology. Browsers leave it empty;
 * naive bots fill it.
 */
export const HONEYPOT_FIELD = "website";
