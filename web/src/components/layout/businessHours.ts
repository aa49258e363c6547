/** docs/product/site.md: Monday to Friday 8–18, Saturday 9–14 CST, Sunday closed. */
export const BUSINESS_HOURS: readonly { readonly days: string; readonly hours: string }[] = [
  { days: "Monday – Friday", hours: "8:00 AM – 6:00 PM CST" },
  { days: "Saturday", hours: "9:00 AM – 2:00 PM CST" },
  { days: "Sunday", hours: "Closed" },
];
