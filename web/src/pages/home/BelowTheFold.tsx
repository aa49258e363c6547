import { CtaSection } from "../../components/marketing/CtaSection";
import { Faq } from "../../components/marketing/Faq";
import { PlanGrid } from "../../components/marketing/PlanCard";
import { Section } from "../../components/marketing/Section";
import { GENERAL_FAQ } from "../../content/faq";
import styles from "./Home.module.css";
import { Personas } from "./Personas";
import { Showcase } from "./Showcase";
import { Trust } from "./Trust";

/** Everything after the first screen of the home page: hydrated when it nears the viewport. */
export default function BelowTheFold() {
  return (
    <>
      <Personas />
      <Trust />
      <Showcase />
      <Section
        tone="alt"
        heading="Simple, transparent pricing"
        intro="Every plan starts with a 14-day free trial. No credit card, no setup fees, and free implementation support."
      >
        <PlanGrid source="Home" />
        <p className={styles.note}>
          Agency pricing starts at $349 for up to 5 reps, with volume discounts as you grow. Custom pricing
          for agencies with 20+ reps.
        </p>
      </Section>
      <Section heading="Frequently asked questions">
        <div className={styles.faq}>
          <Faq items={GENERAL_FAQ} />
        </div>
      </Section>
      <CtaSection source="Home" />
    </>
  );
}
