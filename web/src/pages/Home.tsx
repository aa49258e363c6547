import { CtaSection } from "../components/marketing/CtaSection";
import { Faq } from "../components/marketing/Faq";
import { PlanGrid } from "../components/marketing/PlanCard";
import { Section } from "../components/marketing/Section";
import { GENERAL_FAQ } from "../content/faq";
import type { PageMeta } from "../seo/meta";
import { DEMO_VIDEO } from "./home/demoVideo";
import { Hero } from "./home/Hero";
import styles from "./home/Home.module.css";
import { Personas } from "./home/Personas";
import { Showcase } from "./home/Showcase";
import { Stats } from "./home/Stats";
import { homeStructuredData } from "./home/structuredData";
import { Trust } from "./home/Trust";

export const meta: PageMeta = {
  title: "Order Management & Commission Tracking for Sales Reps",
  description:
    "RepDesk brings orders, commissions, dealers, vendors and reports together for manufacturer's reps, independent reps and agencies. Free 14-day trial, no credit card.",
  video: DEMO_VIDEO,
  structuredData: homeStructuredData(),
};

export default function Home() {
  return (
    <>
      <Hero />
      <Stats />
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
