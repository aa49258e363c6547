import { Quote } from "../../components/marketing/Quote";
import { Section } from "../../components/marketing/Section";
import { TESTIMONIALS } from "../../content/testimonials";
import styles from "./Trust.module.css";

/** Trade associations whose members use RepDesk. */
const ASSOCIATIONS = ["MANA", "ERA", "NEMRA", "AIM/R", "UAMR", "FSA"];

export function Trust() {
  return (
    <Section
      tone="alt"
      heading="Trusted by reps and agencies across North America"
      intro="Members of the industry's leading trade associations run their orders and commissions on RepDesk."
    >
      <ul className={styles.associations} aria-label="Trade associations">
        {ASSOCIATIONS.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
      <div className={styles.quotes}>
        {TESTIMONIALS.map((testimonial) => (
          <Quote key={testimonial.name} testimonial={testimonial} />
        ))}
      </div>
    </Section>
  );
}
