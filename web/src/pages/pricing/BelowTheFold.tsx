import { CtaSection } from "../../components/marketing/CtaSection";
import { Faq } from "../../components/marketing/Faq";
import { Section } from "../../components/marketing/Section";
import { PRICING_FAQ } from "../../content/faq";
import styles from "./Pricing.module.css";

/** The pricing page's FAQ and closing call to action: an island, hydrated when it nears the viewport. */
export default function BelowTheFold() {
  return (
    <>
      <Section heading="Pricing questions, answered">
        <div className={styles.faq}>
          <Faq items={PRICING_FAQ} />
        </div>
      </Section>
      <CtaSection
        source="Pricing page"
        heading="Try RepDesk free for 14 days"
        text="No credit card, no setup fees, and free implementation support. Most reps enter their first order in about 30 minutes."
      />
    </>
  );
}
