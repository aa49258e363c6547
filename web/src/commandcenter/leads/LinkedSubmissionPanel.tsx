import { useQuery } from "@tanstack/react-query";
import { LEAD_PLURALS, type LeadKindName } from "../../../../events";
import { QueryFailure } from "../common/Loaded";
import shared from "../common/shared.module.css";
import { formatDateTime } from "../common/time";
import { KIND_LABELS } from "./deskModel";
import { timelineQuery } from "./leadQueries";
import styles from "./leads.module.css";
import { LeadLink, TimelineList } from "./Timeline";

/**
 * A returning prospect's submission (docs/decisions/0075): no clock and no desk of its own; it
 * shows the lead it is linked to and that lead's timeline, the one timeline of the prospect.
 */
export function LinkedSubmissionPanel({ kind, id }: { kind: LeadKindName; id: string }) {
  const timeline = useQuery(timelineQuery(LEAD_PLURALS[kind], id));
  const entries = timeline.isError ? [] : (timeline.data ?? []);
  const arrived = entries.find((entry) => entry.type === "submitted")?.at;
  return (
    <section className={styles.desk} aria-label="Lead desk">
      <p role="note">
        <strong>
          Linked to{" "}
          <LeadLink kind={kind} id={id}>
            the {KIND_LABELS[kind].toLowerCase()} of {arrived ? formatDateTime(arrived) : "…"}
          </LeadLink>
        </strong>
        : the same address's open lead, whose reply clock covers this submission. Work it there.
      </p>
      <h3 className={shared.cardTitle}>Timeline of the lead</h3>
      <QueryFailure query={timeline} failure="Loading the timeline failed." />
      <TimelineList entries={entries} />
    </section>
  );
}
