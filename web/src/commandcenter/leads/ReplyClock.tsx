import { useEffect, useState } from "react";
import shared from "../common/shared.module.css";
import { replyClockText } from "../common/time";
import type { DeskLead } from "./deskModel";
import styles from "./leads.module.css";

/** "due in 3 h" / "overdue by 2 h", refreshed every minute from the browser's clock. */
export function ReplyClock({ lead }: { lead: DeskLead }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const clock = replyClockText(lead, now);
  // A linked submission's reply is due on its lead (docs/decisions/0075).
  if (lead.status === "linked") return <span className={shared.muted}>On its lead</span>;
  if (!clock) return <span className={shared.muted}>{lead.respondedAt ? "Answered" : "—"}</span>;
  return <span className={clock.overdue ? styles.overdue : styles.dueSoon}>{clock.text}</span>;
}
