import { formatUsd } from "../../../content/format";
import { Badge, KpiList, MockWindow } from "../feature-page/MockWindow";
import styles from "./DealerManagement.module.css";
import type { DealerProfileSample } from "./dealers";

/** The dealer profile mock-up: name, tier, order counts and every contact at the dealer. */
export function DealerProfile({ dealer }: { readonly dealer: DealerProfileSample }) {
  return (
    <MockWindow title={`Dealer profile: ${dealer.name}`}>
      <div className={styles.profileHeader}>
        <div>
          <p className={styles.dealerName}>{dealer.name}</p>
          <p className={styles.muted}>{dealer.location}</p>
        </div>
        <Badge tone="warn">{dealer.tier} tier</Badge>
      </div>
      <KpiList
        label="Order figures"
        kpis={[
          { label: "YTD orders", value: String(dealer.ytdOrders) },
          { label: "Total orders", value: String(dealer.totalOrders) },
          { label: "YTD sales", value: formatUsd(dealer.ytdSales) },
        ]}
      />
      <div>
        <p className={styles.listLabel}>Contacts ({dealer.contacts.length})</p>
        <ul className={styles.contacts}>
          {dealer.contacts.map((contact) => (
            <li key={contact.email} className={styles.contact}>
              <p className={styles.contactName}>
                {contact.name} <span className={styles.muted}>· {contact.title}</span>
              </p>
              <p className={styles.contactLine}>{contact.phone}</p>
              <p className={styles.contactLine}>{contact.email}</p>
            </li>
          ))}
        </ul>
      </div>
    </MockWindow>
  );
}
