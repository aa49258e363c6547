import { type KeyboardEvent, type ReactNode, useRef, useState } from "react";
import { trackEvent } from "../../analytics";
import { Section } from "../../components/marketing/Section";
import { SmartLink } from "../../components/ui/Button";
import { Icon } from "../../components/ui/Icon";
import { DemoVideo } from "./DemoVideo";
import styles from "./Showcase.module.css";

interface Tab {
  id: string;
  label: string;
  heading: string;
  text: string;
  points: string[];
  link: { label: string; to: string };
  visual: ReactNode;
}

function SampleTable({ caption, rows }: { caption: string; rows: [string, string, string][] }) {
  return (
    <table className={styles.sample}>
      <caption>{caption}</caption>
      <tbody>
        {rows.map(([name, amount, status]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{amount}</td>
            <td>
              <span className={styles.status}>{status}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const TABS: Tab[] = [
  {
    id: "orders",
    label: "Order Management",
    heading: "Write multi-line orders in minutes, not hours",
    text: "Build one order across several vendors, apply tiered quantity discounts automatically and catch minimum-order-quantity shortfalls before the order ever leaves your hands.",
    points: [
      "Multi-line, multi-vendor orders with tiered discounts",
      "MOQ checks with suggestions to reach the minimum",
      "Confirmation emails with deep links for dealers and vendors",
      "Backorder tracking with restock notifications",
    ],
    link: { label: "Explore order management", to: "/platform/order-management" },
    visual: <DemoVideo />,
  },
  {
    id: "commissions",
    label: "Commission Tracking",
    heading: "Know what every principal owes you",
    text: "Define commission tiers and splits once. RepDesk tracks every dollar as orders ship and reconciles vendor commission statements against what it tracked, flagging every variance.",
    points: [
      "Commission tiers, split commissions and goals",
      "Automated reconciliation of vendor statements",
      "Dispute management with a full audit trail",
      "Mobile access to every statement",
    ],
    link: { label: "Explore commission handling", to: "/platform/commission-handling" },
    visual: (
      <SampleTable
        caption="Recent commissions (sample data)"
        rows={[
          ["Acme Fixtures", "$4,280.00", "Paid"],
          ["Northline Supply", "$2,915.50", "Pending"],
          ["Brightway Lighting", "$1,740.25", "Processing"],
          ["Keystone Hardware", "$3,102.00", "Paid"],
        ]}
      />
    ),
  },
  {
    id: "reporting",
    label: "Sales Reporting",
    heading: "Reports that answer the question you actually have",
    text: "Start from Sales Performance, Commission Analysis, Product Performance or Customer Analysis, or build your own report — then export it as PDF, Excel or CSV for your principals.",
    points: [
      "Custom report builder with saved reports",
      "Sales, commission, product and customer analysis",
      "Export as PDF, Excel or CSV",
      "Year-over-year trends by line, dealer and territory",
    ],
    link: { label: "Explore reports & insights", to: "/platform/reports-insights" },
    visual: (
      <SampleTable
        caption="Sales by line, year to date (sample data)"
        rows={[
          ["Acme Fixtures", "$412,800", "+22%"],
          ["Northline Supply", "$298,450", "+9%"],
          ["Brightway Lighting", "$187,300", "+31%"],
          ["Keystone Hardware", "$156,900", "-4%"],
        ]}
      />
    ),
  },
];

/** The three-tab feature showcase (WAI-ARIA tabs pattern with automatic activation). */
export function Showcase() {
  const [active, setActive] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number, focus: boolean) => {
    const tab = TABS[index];
    if (!tab) return;
    setActive(index);
    if (focus) tabs.current[index]?.focus();
    trackEvent("feature_view", { category: "Platform Features", label: `Home showcase: ${tab.label}` });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const last = TABS.length - 1;
    const next: Record<string, number> = {
      ArrowRight: active === last ? 0 : active + 1,
      ArrowLeft: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target, true);
  };

  return (
    <Section
      heading="See RepDesk in action"
      intro="Three things reps tell us they could never get from a spreadsheet."
    >
      <div className={styles.tablist} role="tablist" aria-label="Platform features">
        {TABS.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`showcase-tab-${tab.id}`}
            aria-selected={index === active}
            aria-controls={`showcase-panel-${tab.id}`}
            tabIndex={index === active ? 0 : -1}
            className={styles.tab}
            onClick={() => select(index, false)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {TABS.map((tab, index) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`showcase-panel-${tab.id}`}
          aria-labelledby={`showcase-tab-${tab.id}`}
          hidden={index !== active}
          className={styles.panel}
        >
          <div className={styles.copy}>
            <h3 className={styles.heading}>{tab.heading}</h3>
            <p className={styles.text}>{tab.text}</p>
            <ul className={styles.points}>
              {tab.points.map((point) => (
                <li key={point}>
                  <Icon name="check" size={18} className={styles.check} />
                  {point}
                </li>
              ))}
            </ul>
            <SmartLink
              to={tab.link.to}
              className={styles.link}
              track={{ event: "navigation_click", label: `Home showcase: ${tab.link.label}` }}
            >
              {tab.link.label}
              <Icon name="arrowRight" size={16} />
            </SmartLink>
          </div>
          <div className={styles.visual}>{tab.visual}</div>
        </div>
      ))}
    </Section>
  );
}
