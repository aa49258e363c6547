import { useId } from "react";
import { Heading, type HeadingLevel } from "../../../components/marketing/Heading";
import { Toggle } from "../../../components/marketing/Toggle";
import styles from "./RolePreferences.module.css";

export interface Preference {
  readonly label: string;
  readonly description: string;
  readonly defaultOn: boolean;
}

export interface RolePreferenceSet {
  readonly role: string;
  readonly summary: string;
  readonly preferences: readonly Preference[];
}

/** Sample defaults for the four groups named in the copy (docs/product/site.md). */
export const ROLE_PREFERENCES: readonly RolePreferenceSet[] = [
  {
    role: "Dealers",
    summary: "Your customers hear about their own orders, and nothing else.",
    preferences: [
      {
        label: "Order confirmations",
        description: "With a deep link to the live order",
        defaultOn: true,
      },
      { label: "Shipping updates", description: "When each vendor ships its lines", defaultOn: true },
      { label: "Restock notifications", description: "When a backordered item is back", defaultOn: true },
      { label: "Invoice reminders", description: "Three days before the due date", defaultOn: false },
    ],
  },
  {
    role: "Vendors",
    summary: "Manufacturers get what they need to ship, without the noise.",
    preferences: [
      { label: "New purchase orders", description: "Sent once a PO is approved", defaultOn: true },
      {
        label: "Notes addressed to them",
        description: "To vendor and vendor-specific notes",
        defaultOn: true,
      },
      { label: "Weekly order summary", description: "Every Monday at 7:00 AM", defaultOn: false },
    ],
  },
  {
    role: "Sales reps",
    summary: "Reps follow their own dealers and territories.",
    preferences: [
      { label: "Order confirmations", description: "For orders with my dealers", defaultOn: true },
      { label: "Restock notifications", description: "For my dealers' backorders", defaultOn: true },
      { label: "Commission statements", description: "When a vendor statement arrives", defaultOn: true },
      { label: "Daily digest instead", description: "One email at 6:00 PM", defaultOn: false },
    ],
  },
  {
    role: "Administrators",
    summary: "Owners and office managers see what needs a decision.",
    preferences: [
      { label: "POs awaiting approval", description: "Above your approval threshold", defaultOn: true },
      { label: "Weekly agency report", description: "Sales and commissions by rep", defaultOn: true },
      { label: "New users and role changes", description: "For your audit trail", defaultOn: true },
      { label: "Undelivered emails", description: "When a dealer address bounces", defaultOn: false },
    ],
  },
];

export interface RolePreferencesProps {
  readonly sets?: readonly RolePreferenceSet[];
  readonly headingLevel?: HeadingLevel;
}

/**
 * Notification preference panels, one per role, made of real switches. The switches keep their state
 * locally and save nothing: it is an illustration of the settings screen.
 */
export function RolePreferences({ sets = ROLE_PREFERENCES, headingLevel = 3 }: RolePreferencesProps) {
  return (
    <div className={styles.grid}>
      {sets.map((set) => (
        <RolePanel key={set.role} set={set} headingLevel={headingLevel} />
      ))}
      <p className={styles.caption}>Sample settings for illustration: switching them here saves nothing.</p>
    </div>
  );
}

/** One role's switches, grouped under the role's heading so each switch is announced in context. */
function RolePanel({
  set,
  headingLevel,
}: {
  readonly set: RolePreferenceSet;
  readonly headingLevel: HeadingLevel;
}) {
  const headingId = useId();
  return (
    <fieldset className={styles.panel} aria-labelledby={headingId}>
      <Heading level={headingLevel} id={headingId} className={styles.role}>
        {set.role}
      </Heading>
      <p className={styles.summary}>{set.summary}</p>
      <div className={styles.toggles}>
        {set.preferences.map((preference) => (
          <Toggle
            key={preference.label}
            label={preference.label}
            description={preference.description}
            defaultOn={preference.defaultOn}
          />
        ))}
      </div>
    </fieldset>
  );
}
