import type { ReactNode } from "react";
import { MockFrame } from "../../../components/marketing/Mock";
import styles from "./EmailPreview.module.css";

export interface EmailPreviewProps {
  /** The mock window's title, e.g. "Inbox · order confirmation". */
  readonly title: string;
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly children: ReactNode;
  /** The deep link's button text; drawn as a button, it goes nowhere (a mock-up). */
  readonly action: string;
  /** Where the deep link opens, shown under the button. */
  readonly destination: string;
}

/** A sample notification email: envelope lines, the message and its deep-link button. */
export function EmailPreview({ title, from, to, subject, children, action, destination }: EmailPreviewProps) {
  return (
    <MockFrame title={title}>
      <dl className={styles.envelope}>
        <div>
          <dt>From</dt>
          <dd>{from}</dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>{to}</dd>
        </div>
        <div>
          <dt>Subject</dt>
          <dd className={styles.subject}>{subject}</dd>
        </div>
      </dl>
      <div className={styles.message}>{children}</div>
      <div className={styles.deepLink}>
        <span className={styles.button}>{action}</span>
        <span className={styles.destination}>{destination}</span>
      </div>
    </MockFrame>
  );
}
