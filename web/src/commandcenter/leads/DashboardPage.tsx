import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import type { DeskStatsResponse, Signup, SignupStatsResponse } from "../../../../events";
import { useAuth } from "../shared/AuthProvider";
import { api, failureMessage } from "../shared/api";
import { ErrorNotice, useLoaded } from "../shared/ErrorNotice";
import { type Column, fullName, RecordTable } from "../shared/RecordTable";
import { StaffHeader } from "../shared/StaffHeader";
import styles from "../shared/shared.module.css";
import { countBoundaries, formatDate } from "../shared/time";
import { SignupsChart } from "./SignupsChart";

const RECENT = 5;
const EMPTY_STATS: SignupStatsResponse = { total: 0, today: 0, thisWeek: 0, perDay: [] };
const RECENT_COLUMNS: Column<Signup>[] = [
  { heading: "Name", cell: fullName },
  { heading: "Email", cell: (signup) => signup.email },
  { heading: "Date", cell: (signup) => formatDate(signup.createdAt) },
];

/** docs/product/command-center.md (/commandcenter): welcome, three counts, the 5 most recent signups, Manage Signups. */
export function DashboardPage() {
  const { user } = useAuth();
  const [loading, setLoading] = useState(true);
  const [stats, setStats] = useState<SignupStatsResponse>(EMPTY_STATS);
  const [recent, setRecent] = useState<Signup[]>([]);
  const [error, setError] = useState("");
  // The response figures load on their own: the counts never wait for them, nor fail with them.
  const figures = useLoaded(api.deskStats, "Loading the response figures failed.");
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger
  useEffect(() => {
    let active = true;
    setLoading(true);
    setError("");
    Promise.all([api.signupStats(countBoundaries(new Date())), api.signups({ limit: RECENT })])
      .then(([counts, list]) => {
        if (!active) return;
        setStats(counts);
        setRecent(list.signups.slice(0, RECENT));
      })
      .catch((failure) => active && setError(failureMessage(failure, "Loading the dashboard failed.")))
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [attempt]);

  return (
    <div className={styles.page}>
      <StaffHeader>
        <h1 className={styles.pageTitle}>Welcome, {user?.username}</h1>
      </StaffHeader>
      <main className={styles.content}>
        {loading ? (
          <p role="status">Loading dashboard...</p>
        ) : error ? (
          <ErrorNotice
            message={error}
            onRetry={() => {
              setAttempt((n) => n + 1);
              figures.reload();
            }}
          />
        ) : (
          <>
            <section className={styles.stats} aria-label="Signup counts">
              <Stat label="Total Signups" value={stats.total} />
              <Stat label="Today's Signups" value={stats.today} />
              <Stat label="This Week" value={stats.thisWeek} />
            </section>
            {figures.failure ?? (figures.value && <ResponseFigures figures={figures.value} />)}
            <section className={styles.card} aria-labelledby="recent-title">
              <div className={styles.cardHeader}>
                <h2 id="recent-title" className={styles.cardTitle}>
                  Recent Signups
                </h2>
                <Link to="/commandcenter/signups">View all</Link>
              </div>
              <RecordTable columns={RECENT_COLUMNS} rows={recent} emptyText="No signups yet" />
            </section>
            {stats.perDay.length > 0 && <SignupsChart days={stats.perDay} />}
            <div className={styles.linkCards}>
              <Link to="/commandcenter/signups" className={styles.linkCard}>
                <span className={styles.cardTitle}>Manage Signups</span>
                <span className={styles.muted}>View and manage all signup submissions</span>
              </Link>
              <Link to="/commandcenter/contacts" className={styles.linkCard}>
                <span className={styles.cardTitle}>Contact Messages</span>
                <span className={styles.muted}>Read and manage contact form messages</span>
              </Link>
            </div>
          </>
        )}
      </main>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className={styles.stat}>
      <span className={styles.statLabel}>{label}</span>
      <span className={styles.statValue}>{value.toLocaleString()}</span>
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
      <TextStat label={`Median First Reply (${figures.windowDays} days)`} value={median} />
      <TextStat label={`Answered Within 24 h (${figures.windowDays} days)`} value={share} />
    </section>
  );
}

function TextStat({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.stat}>
      <span className={styles.statLabel}>{label}</span>
      <span className={styles.statValue}>{value}</span>
    </div>
  );
}
