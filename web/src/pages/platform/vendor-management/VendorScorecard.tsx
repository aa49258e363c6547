import { Badge, type BadgeTone, Bar, MockFrame } from "../../../components/marketing/Mock";
import {
  formatResponseTime,
  SAMPLE_VENDORS,
  type VendorMetrics,
  type VendorRating,
  vendorRating,
} from "./rating";
import styles from "./VendorScorecard.module.css";

const RATING_TONE: Record<VendorRating, BadgeTone> = {
  Excellent: "success",
  Good: "info",
  "Needs Attention": "warn",
};

const BAR_TONE: Record<VendorRating, "success" | "brand" | "warn"> = {
  Excellent: "success",
  Good: "brand",
  "Needs Attention": "warn",
};

/** The vendor performance dashboard: each vendor's on-time rate, quality score, response time and rating. */
export function VendorScorecard({
  vendors = SAMPLE_VENDORS,
}: {
  readonly vendors?: readonly VendorMetrics[];
}) {
  return (
    <MockFrame title="Vendor performance · last 90 days">
      <ul className={styles.list}>
        {vendors.map((vendor) => {
          const rating = vendorRating(vendor);
          return (
            <li key={vendor.vendor} className={styles.vendor}>
              <div className={styles.header}>
                <span className={styles.name}>{vendor.vendor}</span>
                <Badge tone={RATING_TONE[rating]}>{rating}</Badge>
              </div>
              <dl className={styles.metrics}>
                <div className={styles.onTime}>
                  <dt>On time</dt>
                  <dd>
                    <span className={styles.value}>{vendor.onTimePercent}%</span>
                    <Bar percent={vendor.onTimePercent} tone={BAR_TONE[rating]} />
                  </dd>
                </div>
                <div>
                  <dt>Quality</dt>
                  <dd>
                    <span className={styles.value}>{vendor.qualityScore.toFixed(1)}</span> / 5
                  </dd>
                </div>
                <div>
                  <dt>Response</dt>
                  <dd>
                    <span className={styles.value}>{formatResponseTime(vendor.responseHours)}</span>
                  </dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
    </MockFrame>
  );
}
