import { ButtonLink } from "../../components/ui/Button";
import { Icon } from "../../components/ui/Icon";
import styles from "./Hero.module.css";

const HIGHLIGHTS = ["14-day free trial", "No credit card required", "Set up in about 30 minutes"];

/** A sample of the dashboard a rep sees: illustrative figures, not live data. */
function DashboardSample() {
  return (
    <figure className={styles.card} aria-label="Sample RepDesk dashboard">
      <div className={styles.cardHeader}>
        <span className={styles.cardTitle}>Sales dashboard</span>
        <span className={styles.live}>Year to date</span>
      </div>
      <dl className={styles.metrics}>
        <div className={styles.metric}>
          <dt>YTD sales</dt>
          <dd>
            <span className={styles.value}>$1,284,560</span>
            <span className={styles.trendUp}>+18.4% vs last year</span>
          </dd>
        </div>
        <div className={styles.metric}>
          <dt>Commissions</dt>
          <dd>
            <span className={styles.value}>$96,342</span>
            <span className={styles.trendUp}>+12.1% vs last year</span>
          </dd>
        </div>
        <div className={styles.metric}>
          <dt>Active orders</dt>
          <dd>
            <span className={styles.value}>47</span>
            <span className={styles.trendFlat}>8 awaiting shipment</span>
          </dd>
        </div>
      </dl>
      <div className={styles.chart} aria-hidden="true">
        {["m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8", "m9"].map((month) => (
          <span key={month} className={`${styles.bar} ${styles[month]}`} />
        ))}
      </div>
      <figcaption className={styles.caption}>Monthly sales, January to September (sample data)</figcaption>
    </figure>
  );
}

export function Hero() {
  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <div className={`container ${styles.inner}`}>
        <div className={styles.copy}>
          <p className={styles.eyebrow}>Order management for manufacturer's reps and agencies</p>
          <h1 id="home-title" className={styles.title}>
            Every order, commission and report in one place
          </h1>
          <p className={styles.lead}>
            RepDesk replaces spreadsheets, email threads and vendor portals with one platform for orders,
            commissions, dealers, vendors and invoices — built for the way independent reps and agencies sell.
          </p>
          <div className={styles.actions}>
            <ButtonLink to="/signup" size="large" track={{ event: "cta_click", label: "Hero: Get started" }}>
              Get started
              <Icon name="arrowRight" size={18} />
            </ButtonLink>
            <ButtonLink
              to="/contact?subject=demo"
              size="large"
              variant="secondary"
              track={{ event: "demo_request", label: "Hero: Request a Demo" }}
            >
              Request a Demo
            </ButtonLink>
          </div>
          <ul className={styles.highlights}>
            {HIGHLIGHTS.map((text) => (
              <li key={text}>
                <Icon name="check" size={18} className={styles.check} />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <DashboardSample />
      </div>
    </section>
  );
}
