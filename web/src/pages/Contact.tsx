import { useEffect, useRef } from "react";
import {
  CONTACT_LEAD,
  emptyForm,
  errorKeys,
  type FormKey,
  type FormValues,
} from "../../../events/lead-fields";
import { CONTACT_SUBJECTS, type ContactSubject, HONEYPOT_FIELD } from "../../../events/options";
import { trackConversion, trackEvent } from "../analytics";
import { BUSINESS_HOURS } from "../components/layout/businessHours";
import { Button } from "../components/ui/Button";
import { DescribedFields } from "../components/ui/DescribedFields";
import { Honeypot } from "../components/ui/Field";
import { Icon } from "../components/ui/Icon";
import { useSubmissionForm } from "../forms/useSubmissionForm";
import { useSearchParam } from "../routing/router";
import type { PageMeta } from "../seo/meta";
import styles from "./FormPage.module.css";

export const meta: PageMeta = {
  title: "Contact Us",
  description:
    "Questions about RepDesk, pricing, a demo or your account? Send us a message and our team will reply within 24 hours. Phone and email support on business days.",
};

/** The form's fields in page order: the contact message's (events/lead-fields.ts). */
type Field = FormKey<typeof CONTACT_LEAD>;
type Values = FormValues<typeof CONTACT_LEAD>;
/** Text empty, a box unticked, and the subject on its first option, "Select a subject". */
const EMPTY = emptyForm(CONTACT_LEAD);
/** The fields that show an error: all but the newsletter box, which has no wrong value. */
const SHOWN_FIELDS = errorKeys(CONTACT_LEAD);

const isSubject = (value: string | null): value is ContactSubject =>
  (CONTACT_SUBJECTS as readonly string[]).includes(value ?? "");

function ThankYou() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={styles.thanks} role="status">
      <span className={styles.thanksIcon}>
        <Icon name="check" size={32} />
      </span>
      <h2 ref={heading} tabIndex={-1} className={styles.thanksTitle}>
        Thank you for contacting us!
      </h2>
      <p>We've received your message and will get back to you within 24 hours.</p>
    </div>
  );
}

/** docs/product/site.md: the contact form (browser-native required checks). */
export default function Contact() {
  const { values, setValues, update, honeypot, setHoneypot, pending, done, errors, onSubmit } =
    useSubmissionForm<Values, Field>({
      initial: EMPTY,
      fields: SHOWN_FIELDS,
      endpoint: "/api/contact",
      name: "Contact",
      onStart: () => trackEvent("contact_form_start", { category: "Forms", label: "Contact" }),
      onSuccess: ({ subject }) => {
        trackEvent("contact_form_submit", { category: "Forms", label: "Contact", subject });
        trackConversion("ads_conversion_Contact_1", { category: "Forms", label: "Contact", value: 1 });
        if (subject === "demo")
          trackEvent("demo_request", { category: "User Engagement", label: "Contact form" });
      },
    });
  const touchedSubject = useRef(false);
  const requestedSubject = useSearchParam("subject");

  // /contact?subject=demo presets the subject. Applied after hydration: the prerendered page has the default.
  useEffect(() => {
    if (isSubject(requestedSubject) && !touchedSubject.current) {
      setValues((current) => ({ ...current, subject: requestedSubject }));
    }
  }, [requestedSubject, setValues]);

  const chooseSubject = (subject: ContactSubject) => {
    touchedSubject.current = true;
    update("subject", subject);
  };

  return (
    <div className={styles.page}>
      <div className={`container ${styles.layout}`}>
        <div className={styles.intro}>
          <h1 className={styles.title}>Contact Us</h1>
          <p className={styles.lead}>
            Questions about RepDesk, pricing or your account? Want a personal demo for your agency? Send us a
            message and our team will get back to you within 24 hours.
          </p>
          <h2 className={styles.sideTitle}>Business hours</h2>
          <dl className={styles.hours}>
            {BUSINESS_HOURS.map(({ days, hours }) => (
              <div key={days}>
                <dt>{days}</dt>
                <dd>{hours}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className={styles.card}>
          {done ? (
            <ThankYou />
          ) : (
            <form className={styles.form} onSubmit={onSubmit} aria-label="Contact us">
              <p className={styles.requiredNote}>Fields marked with an asterisk (*) are required.</p>
              <DescribedFields
                lead={CONTACT_LEAD}
                required="native"
                rowClassName={styles.row}
                values={values}
                errors={errors}
                onChange={(key, value) =>
                  key === "subject"
                    ? chooseSubject(value as ContactSubject)
                    : update(key as Field, value as never)
                }
              />
              <Honeypot name={HONEYPOT_FIELD} value={honeypot} onChange={setHoneypot} />
              <Button type="submit" size="large" block disabled={pending}>
                {pending ? "Sending..." : "Send Message"}
              </Button>
            </form>
          )}
        </div>
      </div>
    </div>
  );
}
