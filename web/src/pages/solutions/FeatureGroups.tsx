import { type Feature, FeatureGrid } from "../../components/marketing/FeatureGrid";
import styles from "./FeatureGroups.module.css";

export interface FeatureGroup {
  /** A short name for the group (e.g. "Analytics"). */
  readonly name: string;
  readonly title: string;
  readonly intro: string;
  readonly features: readonly Feature[];
}

/** Feature cards in named groups: a level-3 heading per group, level-4 headings on its cards. */
export function FeatureGroups({ groups }: { readonly groups: readonly FeatureGroup[] }) {
  return (
    <div className={styles.groups}>
      {groups.map((group) => (
        <div key={group.name} className={styles.group}>
          <div className={styles.header}>
            <p className={styles.name}>{group.name}</p>
            <h3 className={styles.title}>{group.title}</h3>
            <p className={styles.intro}>{group.intro}</p>
          </div>
          <FeatureGrid features={group.features} headingLevel={4} />
        </div>
      ))}
    </div>
  );
}
