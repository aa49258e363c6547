/** The consent banner's texts (docs/product/site.md, "Cookies and consent"). */
import { COOKIE_SETTINGS_LABEL } from "./cookie-settings";

export const CONSENT_TEXT = {
  heading: "Your privacy choices",
  intro:
    "We use storage that the site needs to work. With your permission we also load Google Tag Manager to measure how the site is used (analytics) and how our ads perform (marketing). Nothing is loaded until you choose, and you can change your mind at any time under Cookie settings at the bottom of every page.",
  policyLink: "Read our Privacy Policy",
  gpc: "Your browser's Global Privacy Control signal is honoured: marketing stays off.",
  acceptAll: "Accept all",
  rejectAll: "Reject all",
  customise: "Customise",
  save: "Save choices",
  choicesHeading: "Choose what to allow",
  essential: {
    label: "Essential",
    description: "Remembering this choice. Always on; nothing is sent anywhere.",
  },
  analytics: {
    label: "Analytics",
    description:
      "Google Tag Manager and the analytics tools it loads count page views and clicks, and this site keeps where your visit began (the first page, the referring site's address and any campaign tags in the link) in your browser for 30 days, to send with a form you submit.",
  },
  marketing: {
    label: "Marketing",
    description: "Google tags measure whether our ads lead to signups and contact messages.",
  },
  footerLink: COOKIE_SETTINGS_LABEL,
} as const;
