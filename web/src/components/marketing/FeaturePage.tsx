import type { ComponentType, ReactNode } from "react";
import { Island, type IslandModule, island } from "../../routing/deferred";
import { PLATFORM } from "../layout/navigation";
import { PageHero } from "./PageHero";
import { useFeatureView } from "./useFeatureView";

/** What a feature page hands to its below-the-fold island. */
export interface BelowTheFoldProps {
  /** The feature's name: the analytics label of the island's calls to action. */
  readonly source: string;
}

/** A feature page's below-the-fold island, with the feature's name. */
export interface FeatureIsland extends IslandModule<BelowTheFoldProps> {
  /** The feature's name as the Platform menu shows it: the hero's eyebrow and the analytics label. */
  readonly feature: string;
}

/**
 * Declares the island of /platform/<slug> (everything below its hero, decision 0013). The feature's
 * name is the Platform menu's label for that path, so menu, eyebrow and analytics never disagree.
 */
export function featureIsland(
  slug: string,
  importer: () => Promise<{ default: ComponentType<BelowTheFoldProps> }>,
): FeatureIsland {
  const entry = PLATFORM.find((item) => item.path === `/platform/${slug}`);
  if (!entry) throw new Error(`No Platform menu entry for /platform/${slug}`);
  return { ...island(`${slug}-below-the-fold`, importer), feature: entry.label };
}

export interface FeaturePageProps {
  /** The page's only <h1>. */
  readonly title: string;
  readonly lead: string;
  /** The hero's mock-up. */
  readonly visual: ReactNode;
  /** Everything below the hero (`featureIsland`). */
  readonly belowTheFold: FeatureIsland;
}

/**
 * A platform feature page: the hero with its mock-up in the page chunk, everything below it an
 * island (prerendered in full, its code loaded and hydrated near the viewport), and one
 * feature_view when the page is shown.
 */
export function FeaturePage({ title, lead, visual, belowTheFold }: FeaturePageProps) {
  const name = belowTheFold.feature;
  useFeatureView(name);
  return (
    <>
      <PageHero eyebrow={name} title={title} lead={lead} source={name} visual={visual} />
      <Island of={belowTheFold} props={{ source: name }} />
    </>
  );
}
