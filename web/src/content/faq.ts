export interface FaqItem {
  readonly question: string;
  readonly answer: string;
}

/** Questions about RepDesk in general (home page). */
export const GENERAL_FAQ: readonly FaqItem[] = [
  {
    question: "Who is RepDesk built for?",
    answer:
      "RepDesk is built for manufacturer's representatives, independent multi-line reps, brokers and agency owners. It keeps orders, commissions, dealers, vendors and products in one place so you spend your day selling instead of reconciling spreadsheets.",
  },
  {
    question: "How long does it take to get set up?",
    answer:
      "Most reps are up and running in about 30 minutes. Import your dealers, products and open orders from a spreadsheet, connect your email, and you are ready to enter your first order. Free implementation support is included on every plan.",
  },
  {
    question: "Do I need a credit card for the free trial?",
    answer:
      "No. The free trial lasts 14 days, needs no credit card and has no setup fees. If RepDesk is not for you, simply let the trial end.",
  },
  {
    question: "Can I use RepDesk on my phone?",
    answer:
      "Yes. RepDesk has a mobile-first design, so you can enter orders at a dealer's counter, check a backorder from the parking lot or look up a commission between appointments.",
  },
  {
    question: "Does RepDesk work with the tools I already use?",
    answer:
      "RepDesk connects with more than 50 integrations, including accounting packages, email and spreadsheets. Custom integrations are available on the Agency plan.",
  },
  {
    question: "Can I get my data out?",
    answer:
      "Always. You can export orders, commissions, dealers and reports as PDF, Excel or CSV at any time, and your data stays yours if you ever leave.",
  },
];

/** Questions about plans and billing (pricing page). */
export const PRICING_FAQ: readonly FaqItem[] = [
  {
    question: "How does agency pricing work?",
    answer:
      "Agency pricing starts at $349 per month for up to 5 reps, then scales with volume discounts as your team grows. Agencies with 20+ reps get custom enterprise pricing — request a demo and we will put together a quote.",
  },
  {
    question: "Is there a free trial?",
    answer:
      "Yes. Every plan starts with a 14-day free trial with no credit card required and no setup fees. You get the full product during the trial, including free implementation support.",
  },
  {
    question: "Can I change plans later?",
    answer:
      "Yes. You can move up or down a plan at any time from your account settings. Upgrades take effect immediately; downgrades take effect at the start of your next billing period.",
  },
  {
    question: "Will my price change?",
    answer:
      "We give at least 30 days' notice before any price change, by email to the account owner, so you always have time to review it before it applies to your next bill.",
  },
  {
    question: "What happens to my data if I cancel?",
    answer:
      "Your data is yours. You can export orders, commissions, dealers and reports as PDF, Excel or CSV at any time, including after you decide to cancel.",
  },
  {
    question: "Is implementation support really free?",
    answer:
      "Yes. A member of our customer success team helps you import dealers, products and open orders and set up your commission rates at no extra cost, on every plan.",
  },
  {
    question: "When can I reach support?",
    answer:
      "Our team is available Monday to Friday 8–18 and Saturday 9–14 CST, and closed on Sunday. Independent Rep plans get priority support; Agency plans get a dedicated success manager.",
  },
];
