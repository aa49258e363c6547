import { ColumnChart, MetricRow, MockFrame, MockList, MockRow } from "../../../components/marketing/Mock";
import { formatUsd } from "../../../content/format";
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
    <MockFrame title="Sales Performance: Jan 1 to Sep 30, 2026">
      <MetricRow
        label="Key figures"
        wide
        metrics={[
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
      <ColumnChart
        title="Monthly sales"
        summary={chartSummary()}
        columns={MONTHLY_SALES.map((month) => ({ label: month.month, percent: (month.sales / best) * 100 }))}
      />
      <MockList label="Top products">
        {TOP_PRODUCTS.map((product) => (
          <MockRow
            key={product.name}
            primary={product.name}
            secondary={product.vendor}
            value={formatUsd(product.sales)}
          />
        ))}
      </MockList>
    </MockFrame>
  );
}
