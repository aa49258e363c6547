import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import type { DeskStatsResponse, Signup } from "../../../../events";
import { useAuth } from "../common/AuthProvider";
import { Loaded, QueryFailure } from "../common/Loaded";
import { type Column, RecordTable } from "../common/RecordTable";
import shared from "../common/shared.module.css";
import { formatDate } from "../common/time";
import { fullName } from "./LeadCells";
import { dashboardQuery, figuresQuery } from "./leadQueries";
import styles from "./leads.module.css";
import { SignupsChart } from "./SignupsChart";

const RECENT_COLUMNS: Column<Signup>[] = [
  { heading: "Name", cell: fullName },
  { heading: "Email", cell: (signup) => signup.email },
  { heading: "Date", cell: (signup) => formatDate(signup.createdAt) },
];

/** The dashboard's title: the signed-in member's welcome. */
export function DashboardTitle() {
  const { user } = useAuth();
  return <>Welcome, {user?.username}</>;
}

/** docs/product/command-center.md (/commandcenter): welcome, three counts, the 5 most recent signups, Manage Signups. */
export function DashboardPage() {
  const dashboard = useQuery(dashboardQuery);
  // The response figures load on their own: the counts never wait for them, nor fail with them.
  const figures = useQuery(figuresQuery);
  return (
    <Loaded
      query={dashboard}
      loading="Loading dashboard..."
      failure="Loading the dashboard failed."
      onRetry={() => {
        void dashboard.refetch();
        void figures.refetch();
      }}
    >
      {({ stats, recent }) => (
        <>
          <section className={styles.stats} aria-label="Signup counts">
            <Stat label="Total Signups" value={stats.total} />
            <Stat label="Today's Signups" value={stats.today} />
            <Stat label="This Week" value={stats.thisWeek} />
          </section>
          <QueryFailure query={figures} failure="Loading the response figures failed." />
          {figures.data && !figures.isError && <ResponseFigures figures={figures.data} />}
          <section className={shared.card} aria-labelledby="recent-title">
            <div className={styles.cardHeader}>
              <h2 id="recent-title" className={shared.cardTitle}>
                Recent Signups
              </h2>
              <Link to="/commandcenter/signups">View all</Link>
            </div>
            <RecordTable columns={RECENT_COLUMNS} rows={recent} emptyText="No signups yet" />
          </section>
          {stats.perDay.length > 0 && <SignupsChart days={stats.perDay} />}
          <div className={styles.linkCards}>
            <Link to="/commandcenter/signups" className={styles.linkCard}>
              <span className={shared.cardTitle}>Manage Signups</span>
              <span className={shared.muted}>View and manage all signup submissions</span>
            </Link>
            <Link to="/commandcenter/contacts" className={styles.linkCard}>
              <span className={shared.cardTitle}>Contact Messages</span>
              <span className={shared.muted}>Read and manage contact form messages</span>
            </Link>
          </div>
        </>
      )}
    </Loaded>
  );
}

function Stat({ label, value }: { label: string; value: number | string }) {
  return (
    <div className={styles.stat}>
      <span className={styles.statLabel}>{label}</span>
      <span className={styles.statValue}>{typeof value === "number" ? value.toLocaleString() : value}</span>
    </div>
  );
}

/** The reply promise: open and overdue leads, and how the last 30 days went. */
function ResponseFigures({ figures }: { figures: DeskStatsResponse }) {
  const median =
    figures.medianFirstReplyMs === null ? "—" : `${(figures.medianFirstReplyMs / 3_600_000).toFixed(1)} h`;
  const share =
    figures.withinPromiseShare === null ? "—" : `${Math.round(figures.withinPromiseShare * 100)}%`;
  return (
    <section className={styles.stats} aria-label="Response promise">
      <Stat label="Open Leads" value={figures.open} />
      <Stat label="Overdue Leads" value={figures.overdue} />
      <Stat label={`Median First Reply (${figures.windowDays} days)`} value={median} />
      <Stat label={`Answered Within 24 h (${figures.windowDays} days)`} value={share} />
    </section>
  );
}
