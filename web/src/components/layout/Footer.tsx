import { openConsentSettings } from "../../analytics/consentController";
import { LATER_BLOCK_PROPS } from "../../boot/afterPaintResources";
import { config } from "../../config";
import { COOKIE_SETTINGS_LABEL } from "../../content/cookie-settings";
import { Link } from "../../routing/router";
import { trackLink } from "../ui/Button";
import { BUSINESS_HOURS } from "./businessHours";
import styles from "./Footer.module.css";
import { Logo } from "./Logo";
import { PLATFORM, SOLUTIONS } from "./navigation";

interface FooterLink {
  label: string;
  to: string;
}

const COLUMNS: { heading: string; links: FooterLink[] }[] = [
  {
    heading: "Product",
    links: [
      ...PLATFORM.map((item) => ({ label: item.label, to: item.path })),
      { label: "Pricing", to: "/pricing" },
      { label: "Interactive live demo", to: config.appUrls.liveDemo },
    ],
  },
  {
    heading: "Solutions",
    links: SOLUTIONS.map((item) => ({ label: item.label, to: item.path })),
  },
  {
    heading: "Company",
    links: [
      { label: "About", to: "/about" },
      { label: "Contact", to: "/contact" },
      { label: "Schedule a Demo", to: "/contact?subject=demo" },
      { label: "Log in", to: config.appUrls.login },
      { label: "Create an account", to: config.appUrls.register },
    ],
  },
  {
    heading: "Legal",
    links: [
      { label: "Privacy Policy", to: "/privacy" },
      { label: "Terms of Service", to: "/terms" },
    ],
  },
];

function FooterAnchor({ label, to }: FooterLink) {
  const onClick = () => trackLink({ event: "navigation_click", label: `Footer: ${label}` });
  return /^https?:/.test(to) ? (
    <a href={to} onClick={onClick}>
      {label}
    </a>
  ) : (
    <Link to={to} onClick={onClick}>
      {label}
    </Link>
  );
}

export function Footer() {
  return (
    <footer {...LATER_BLOCK_PROPS} className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <div className={styles.brand}>
          <Logo onDark />
          <p className={styles.tagline}>
            Order management, commission tracking and sales reporting for manufacturer's reps, independent
            reps and agencies.
          </p>
          <h2 className={styles.heading}>Business hours</h2>
          <dl className={styles.hours}>
            {BUSINESS_HOURS.map((row) => (
              <div key={row.days}>
                <dt>{row.days}</dt>
                <dd>{row.hours}</dd>
              </div>
            ))}
          </dl>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.heading} aria-label={column.heading} className={styles.column}>
            <h2 className={styles.heading}>{column.heading}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.label}>
                  <FooterAnchor {...link} />
                </li>
              ))}
              {column.heading === "Legal" && config.tagManagerId && (
                <li>
                  <button type="button" className={styles.linkButton} onClick={openConsentSettings}>
                    {COOKIE_SETTINGS_LABEL}
                  </button>
                </li>
              )}
            </ul>
          </nav>
        ))}
      </div>
      <div className={`container ${styles.legal}`}>
        <p>
          © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {config.brand}. All rights
          reserved.
        </p>
      </div>
    </footer>
  );
}
