import { formatUsd } from "../../../content/format";
import { KpiList, MockWindow } from "../feature-page/MockWindow";
import styles from "./ReportsInsights.module.css";
import { COMMISSION_PERCENT, MONTHLY_SALES, ORDER_COUNT, TOP_PRODUCTS } from "./reports";

function chartSummary(): string {
  const first = MONTHLY_SALES[0];
  const last = MONTHLY_SALES[MONTHLY_SALES.length - 1];
  if (!first || !last) return "Monthly sales";
  return `Monthly sales rose from ${formatUsd(first.sales)} in ${first.month} to ${formatUsd(last.sales)} in ${last.month}.`;
}

/** The sample KPI dashboard: headline figures, monthly sales columns and the top products. */
export function SalesOverview() {
  const best = Math.max(...MONTHLY_SALES.map((month) => month.sales));
  const sales = MONTHLY_SALES.reduce((total, month) => total + month.sales, 0);
  return (
    <MockWindow title="Sales Performance: Jan 1 to Sep 30, 2026">
      <KpiList
        label="Key figures"
        wide
        kpis={[
          { label: "YTD sales", value: formatUsd(sales), detail: "+18% vs last year" },
          {
            label: "Commission earned",
            value: formatUsd((sales * COMMISSION_PERCENT) / 100),
            detail: `${COMMISSION_PERCENT}% average rate`,
          },
          { label: "Average order", value: formatUsd(sales / ORDER_COUNT), detail: `${ORDER_COUNT} orders` },
          { label: "Active dealers", value: "112", detail: "9 new this quarter" },
        ]}
      />
      <div className={styles.chart}>
        <p className={styles.chartTitle}>Monthly sales</p>
        <p className="visually-hidden">{chartSummary()}</p>
        <ol className={styles.columns} aria-hidden="true">
          {MONTHLY_SALES.map((month) => (
            <li key={month.month} className={styles.column}>
              <span className={styles.bar} data-percent={Math.round((month.sales / best) * 10) * 10} />
              <span className={styles.columnLabel}>{month.month}</span>
            </li>
          ))}
        </ol>
      </div>
      <div>
        <p className={styles.listLabel}>Top products</p>
        <ul className={styles.rows}>
          {TOP_PRODUCTS.map((product) => (
            <li key={product.name} className={styles.row}>
              <span className={styles.rowMain}>
                <span className={styles.rowTitle}>{product.name}</span>
                <span className={styles.muted}>{product.vendor}</span>
              </span>
              <span className={styles.rowValue}>{formatUsd(product.sales)}</span>
            </li>
          ))}
        </ul>
      </div>
    </MockWindow>
  );
}
