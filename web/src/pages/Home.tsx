import { Island, island } from "../routing/deferred";
import type { PageMeta } from "../seo/meta";
import { DEMO_VIDEO } from "./home/demoVideo";
import { Hero } from "./home/Hero";
import { Stats } from "./home/Stats";
import { homeStructuredData } from "./home/structuredData";

export const meta: PageMeta = {
  title: "Order Management & Commission Tracking for Sales Reps",
  description:
    "RepDesk brings orders, commissions, dealers, vendors and reports together for manufacturer's reps, independent reps and agencies. Free 14-day trial, no credit card.",
  video: DEMO_VIDEO,
  structuredData: homeStructuredData(),
};

const BELOW_THE_FOLD = island("home-below-the-fold", () => import("./home/BelowTheFold"));

/** docs/product/site.md: hero, figures, personas, trust strip, feature showcase, pricing, FAQ, closing CTA. */
export default function Home() {
  return (
    <>
      <Hero />
      <Stats />
      <Island of={BELOW_THE_FOLD} props={{}} />
    </>
  );
}
