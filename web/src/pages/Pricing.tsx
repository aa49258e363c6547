import { useEffect } from "react";
import { trackEvent } from "../analytics";
import { PlanGrid } from "../components/marketing/PlanCard";
import { Section } from "../components/marketing/Section";
import { Island, island } from "../routing/deferred";
import type { PageMeta } from "../seo/meta";
import { Comparison } from "./pricing/Comparison";
import styles from "./pricing/Pricing.module.css";
import { RoiCalculator } from "./pricing/RoiCalculator";

export const meta: PageMeta = {
  title: "Pricing",
  description:
    "RepDesk plans for manufacturer's reps ($79), independent reps ($149) and agencies (from $349) per month. 14-day free trial, no credit card, no setup fees.",
};

// The ROI calculator stays in the page chunk: it must respond as soon as the page has hydrated.
const BELOW_THE_FOLD = island("pricing-below-the-fold", () => import("./pricing/BelowTheFold"));

/** docs/product/site.md: plans, a comparison with a piecemeal tool stack, the ROI calculator, FAQ and CTA. */
export default function Pricing() {
  useEffect(() => {
    trackEvent("pricing_view", { category: "Pricing", label: "Pricing page" });
  }, []);

  return (
    <>
      <Section
        headingLevel={1}
        eyebrow="Pricing"
        heading="Simple, transparent pricing for every kind of rep"
        intro="Pick the plan that fits how you sell today. Every plan starts with a 14-day free trial — no credit card, no setup fees, and free implementation support to get your dealers, products and open orders in."
        tone="alt"
        className={styles.top}
      >
        <PlanGrid headingLevel={2} source="Pricing page" />
        <p className={styles.note}>
          Agency pricing starts at $349 per month for up to 5 reps, then scales with volume discounts. Custom
          enterprise pricing applies for agencies with 20+ reps.
        </p>
      </Section>

      <Section
        heading="One platform instead of a patchwork of tools"
        intro="Most reps we talk to run their business across spreadsheets, a CRM, vendor portals and a commission workbook. Here is what changes when it all lives in RepDesk."
      >
        <Comparison />
      </Section>

      <Section
        tone="alt"
        heading="What is RepDesk worth to you?"
        intro="Put in your own numbers. The example below is a typical independent rep on the $149 plan who gets back about two hours a working day."
      >
        <RoiCalculator />
      </Section>

      <Island of={BELOW_THE_FOLD} props={{}} />
    </>
  );
}
