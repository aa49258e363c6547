import { Section } from "../../components/marketing/Section";
import { SmartLink } from "../../components/ui/Button";
import { Icon } from "../../components/ui/Icon";
import type { IconName } from "../../content/icons";
import styles from "./Personas.module.css";

interface Persona {
  title: string;
  path: string;
  icon: IconName;
  text: string;
  points: string[];
  popular?: boolean;
}

const PERSONAS: Persona[] = [
  {
    title: "Manufacturer's Rep",
    path: "/solutions/manufacturers-reps",
    icon: "factory",
    text: "You represent one manufacturer and live in its orders. Track every order from entry to delivery and see your numbers at a glance.",
    points: ["Order tracking and history", "MOQ checks before you submit", "Sales and commission reports"],
  },
  {
    title: "Independent Rep",
    path: "/solutions/independent-reps",
    icon: "briefcase",
    text: "You carry many lines for many principals. Put them all on one dashboard and reconcile every commission statement automatically.",
    points: ["Unlimited lines and principals", "Commission reconciliation", "Custom reporting"],
    popular: true,
  },
  {
    title: "Agency Owner",
    path: "/solutions/agency-owners",
    icon: "users",
    text: "You run a team of reps. See who is on track, automate payouts and control who can see what across the agency.",
    points: ["Multi-rep management", "Team performance and goals", "Role-based access and audit trails"],
  },
];

export function Personas() {
  return (
    <Section
      heading="Built for the way you sell"
      intro="Whether you carry one line or fifty, work alone or run an agency, RepDesk fits your business on day one."
    >
      <ul className={styles.grid}>
        {PERSONAS.map((persona) => (
          <li
            key={persona.path}
            className={persona.popular ? `${styles.card} ${styles.popular}` : styles.card}
          >
            {persona.popular && <p className={styles.badge}>Most Popular</p>}
            <span className={styles.icon}>
              <Icon name={persona.icon} size={24} />
            </span>
            <h3 className={styles.title}>{persona.title}</h3>
            <p className={styles.text}>{persona.text}</p>
            <ul className={styles.points}>
              {persona.points.map((point) => (
                <li key={point}>
                  <Icon name="check" size={16} className={styles.check} />
                  {point}
                </li>
              ))}
            </ul>
            <SmartLink
              to={persona.path}
              className={styles.link}
              track={{ event: "navigation_click", label: `Home personas: ${persona.title}` }}
            >
              Solutions for {persona.title.toLowerCase()}s
              <Icon name="arrowRight" size={16} />
            </SmartLink>
          </li>
        ))}
      </ul>
    </Section>
  );
}
