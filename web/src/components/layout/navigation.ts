import type { IconName } from "../../content/icons";

export interface NavItem {
  readonly label: string;
  readonly path: string;
  readonly description: string;
  readonly icon: IconName;
}

export const SOLUTIONS: readonly NavItem[] = [
  {
    label: "Manufacturer's Reps",
    path: "/solutions/manufacturers-reps",
    description: "Orders, commissions and reporting for a single line",
    icon: "factory",
  },
  {
    label: "Independent Reps",
    path: "/solutions/independent-reps",
    description: "One dashboard for every line you carry",
    icon: "briefcase",
  },
  {
    label: "Agency Owners",
    path: "/solutions/agency-owners",
    description: "Team performance, payouts and access control",
    icon: "users",
  },
];

export const PLATFORM: readonly NavItem[] = [
  {
    label: "Order Management",
    path: "/platform/order-management",
    description: "Multi-line orders, MOQ checks and backorders",
    icon: "cart",
  },
  {
    label: "Commission Handling",
    path: "/platform/commission-handling",
    description: "Tiers, splits and statement reconciliation",
    icon: "dollar",
  },
  {
    label: "Reports & Insights",
    path: "/platform/reports-insights",
    description: "Custom reports, exported as PDF, Excel or CSV",
    icon: "chart",
  },
  {
    label: "Dealer Management",
    path: "/platform/dealer-management",
    description: "Dealer profiles, contacts and tiers",
    icon: "user",
  },
  {
    label: "Vendor Management",
    path: "/platform/vendor-management",
    description: "Vendor performance and purchase orders",
    icon: "factory",
  },
  {
    label: "Product Management",
    path: "/platform/product-management",
    description: "Catalog, pricing tiers and inventory alerts",
    icon: "box",
  },
  {
    label: "Email Notifications",
    path: "/platform/email-notifications",
    description: "Confirmations and alerts, per-role preferences",
    icon: "mail",
  },
  {
    label: "Invoice Management",
    path: "/platform/invoice-management",
    description: "Payment terms, aging reports, accounting sync",
    icon: "invoice",
  },
];

export const TOP_LINKS: readonly { readonly label: string; readonly path: string }[] = [
  { label: "Pricing", path: "/pricing" },
  { label: "About", path: "/about" },
  { label: "Contact", path: "/contact" },
];

export const DEMO_PATH = "/contact?subject=demo";
export const SIGNUP_PATH = "/signup";
