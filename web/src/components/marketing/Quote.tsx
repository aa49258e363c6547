import type { Testimonial } from "../../content/testimonials";
import { Avatar } from "./Mock";
import styles from "./Quote.module.css";

/** A customer quote with the person's initials, name and role. */
export function Quote({ testimonial }: { readonly testimonial: Testimonial }) {
  return (
    <figure className={styles.quote}>
      <blockquote className={styles.text}>
        <p>“{testimonial.quote}”</p>
      </blockquote>
      <figcaption className={styles.person}>
        <Avatar name={testimonial.name} />
        <span>
          <span className={styles.name}>{testimonial.name}</span>
          <span className={styles.role}>
            {testimonial.role}, {testimonial.company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
