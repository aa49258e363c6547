import { useMutation, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router-dom";
import { SourceReportQuery, SOURCE_REPORT_TEXT as TEXT } from "../../../../events/source-report";
import { teamDayOf } from "../../../../events/team-time";
import { Icon } from "../../components/ui/Icon";
import { failureMessage } from "../common/api";
import { ErrorNotice } from "../common/ErrorNotice";
import { Loaded } from "../common/Loaded";
import shared from "../common/shared.module.css";
import { PeriodPicker } from "./PeriodPicker";
import { SourcesTable } from "./SourcesTable";
import { downloadSourcesCsv, type Period, sourcesQuery } from "./sourceQueries";
import { daysBefore } from "./sourceRows";
import styles from "./sources.module.css";

/** The period in the address (?from=&to=, days in the team's zone), else the last 90 days. */
function usePeriod(today: string): [Period, (period: Period) => void] {
  const [params, setParams] = useSearchParams();
  const asked = SourceReportQuery.safeParse({ from: params.get("from"), to: params.get("to") });
  const period = asked.success ? asked.data : { from: daysBefore(today, 89), to: today };
  return [period, (next) => setParams({ from: next.from, to: next.to })];
}

/** docs/product/command-center.md (/commandcenter/sources): leads per channel, source and campaign. */
export function SourcesPage() {
  const today = teamDayOf(new Date().toISOString());
  const [period, setPeriod] = usePeriod(today);
  const report = useQuery(sourcesQuery(period));
  const download = useMutation({ mutationFn: () => downloadSourcesCsv(period) });
  return (
    <>
      <p className={shared.muted}>{TEXT.intro}</p>
      <div className={styles.toolbar}>
        <PeriodPicker
          key={`${period.from}/${period.to}`}
          period={period}
          today={today}
          onChange={setPeriod}
        />
        <button
          type="button"
          className={shared.secondaryButton}
          onClick={() => download.mutate()}
          disabled={download.isPending}
        >
          <Icon name="download" /> {download.isPending ? "Exporting..." : TEXT.export}
        </button>
      </div>
      {download.isError && (
        <ErrorNotice
          message={failureMessage(download.error, "Export failed. Please try again.")}
          onRetry={() => download.mutate()}
        />
      )}
      <Loaded query={report} loading="Loading the report..." failure="Loading the Sources report failed.">
        {(data) => (
          <section aria-label={`${TEXT.title} ${data.from} to ${data.to}`} className={styles.result}>
            {!data.complete && <p className={shared.noticeBar}>{TEXT.incomplete}</p>}
            <p className={styles.total}>
              {TEXT.total}: <strong>{data.total.leads}</strong> · {TEXT.columns.won}:{" "}
              <strong>{data.total.won}</strong>
              <span className={shared.muted}> ({data.timeZone})</span>
            </p>
            {data.rows.length === 0 ? <p>{TEXT.empty}</p> : <SourcesTable rows={data.rows} period={data} />}
          </section>
        )}
      </Loaded>
    </>
  );
}
