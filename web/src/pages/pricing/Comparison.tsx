import styles from "./Comparison.module.css";

interface ComparisonRow {
  readonly need: string;
  readonly toolStack: string;
  readonly repDesk: string;
}

/** What a rep pieces together today versus what RepDesk includes (marketing comparison). */
const ROWS: readonly ComparisonRow[] = [
  {
    need: "Order entry and tracking",
    toolStack: "Spreadsheets, vendor portals and email threads",
    repDesk: "Multi-line, multi-vendor orders with MOQ checks and confirmation emails",
  },
  {
    need: "Commission tracking",
    toolStack: "A separate commission spreadsheet per principal",
    repDesk: "Commission tiers, split commissions and an audit trail, built in",
  },
  {
    need: "Statement reconciliation",
    toolStack: "Line by line, by hand, every month",
    repDesk: "Vendor statements matched to your orders automatically, with dispute management",
  },
  {
    need: "Dealers and vendors",
    toolStack: "A general-purpose CRM that doesn't know your lines",
    repDesk: "Dealer profiles with contacts and tiers, vendor performance tracking",
  },
  {
    need: "Invoices",
    toolStack: "An accounting add-on and a calendar reminder",
    repDesk: "Payment terms, an aging report and accounting integrations",
  },
  {
    need: "Reports",
    toolStack: "Rebuilt by hand for every principal meeting",
    repDesk: "A custom report builder with PDF, Excel and CSV export",
  },
  {
    need: "On the road",
    toolStack: "Depends on each tool's app, if it has one",
    repDesk: "Mobile-first design on every plan",
  },
  {
    need: "Getting started",
    toolStack: "Weeks of stitching tools together",
    repDesk: "About 30 minutes, with free implementation support",
  },
  {
    need: "Monthly cost",
    toolStack: "$200 or more across separate subscriptions",
    repDesk: "From $79 per month, everything above included",
  },
];

export function Comparison() {
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>
        RepDesk compared with a piecemeal stack of spreadsheets, a CRM and separate commission and reporting
        tools
      </caption>
      <thead>
        <tr>
          <th scope="col">What you need</th>
          <th scope="col">Piecemeal tool stack</th>
          <th scope="col" className={styles.ours}>
            RepDesk
          </th>
        </tr>
      </thead>
      <tbody>
        {ROWS.map((row) => (
          <tr key={row.need}>
            <th scope="row">{row.need}</th>
            <td>{row.toolStack}</td>
            <td className={styles.ours}>{row.repDesk}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
