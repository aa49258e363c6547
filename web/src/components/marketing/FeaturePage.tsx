import type { ReactNode } from "react";
import { Island, type IslandModule } from "../../routing/deferred";
import { type Feature, FeatureGrid } from "./FeatureGrid";
import { PageHero } from "./PageHero";
import { Section } from "./Section";
import { useFeatureView } from "./useFeatureView";

/** What a feature page hands to its below-the-fold island. */
export interface BelowTheFoldProps {
  /** The feature's name: the analytics label of the island's calls to action. */
  readonly source: string;
}

export interface FeaturePageProps {
  /** The feature's name (SPEC.md "Feature pages"): the hero's eyebrow and the analytics label. */
  readonly name: string;
  /** The page's only <h1>. */
  readonly title: string;
  readonly lead: string;
  /** The hero's mock-up. */
  readonly visual: ReactNode;
  /** Everything below the hero (decision 0013). */
  readonly belowTheFold: IslandModule<BelowTheFoldProps>;
}

/**
 * A platform feature page: the hero with its mock-up in the page chunk, everything below it an
 * island (prerendered in full, its code loaded and hydrated near the viewport), and one
 * feature_view when the page is shown.
 */
export function FeaturePage({ name, title, lead, visual, belowTheFold }: FeaturePageProps) {
  useFeatureView(name);
  return (
    <>
      <PageHero eyebrow={name} title={title} lead={lead} source={name} visual={visual} />
      <Island of={belowTheFold} props={{ source: name }} />
    </>
  );
}

export interface FeatureOverviewProps {
  readonly heading: string;
  readonly intro: string;
  readonly features: readonly Feature[];
  readonly eyebrow?: string;
}

/** The first section under a hero: a heading, a short intro and the grid of feature cards. */
export function FeatureOverview({ heading, intro, features, eyebrow }: FeatureOverviewProps) {
  return (
    <Section eyebrow={eyebrow} heading={heading} intro={intro} tone="alt">
      <FeatureGrid features={features} />
    </Section>
  );
}
