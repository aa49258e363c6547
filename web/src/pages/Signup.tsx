import { useEffect, useRef } from "react";
import {
  emptyForm,
  errorKeys,
  type FormKey,
  type FormValues,
  SIGNUP_LEAD,
} from "../../../events/lead-fields";
import { HONEYPOT_FIELD } from "../../../events/options";
import { trackEvent } from "../analytics";
import { Button, SmartLink } from "../components/ui/Button";
import { DescribedFields } from "../components/ui/DescribedFields";
import { Honeypot } from "../components/ui/Field";
import { Icon } from "../components/ui/Icon";
import { config } from "../config";
import { loadSignupValidation as loadValidation } from "../forms/loadValidation";
import { useSubmissionForm } from "../forms/useSubmissionForm";
import type { PageMeta } from "../seo/meta";
import styles from "./FormPage.module.css";

export const meta: PageMeta = {
  title: "Get Started",
  description:
    "Tell us about your business and a customer success representative will set up your RepDesk trial. 14 days free, no credit card, a reply within 24 hours on weekdays.",
};

/** The form's fields in page order: the signup's (events/lead-fields.ts). */
const FIELDS = errorKeys(SIGNUP_LEAD);
type Field = FormKey<typeof SIGNUP_LEAD>;
type Values = FormValues<typeof SIGNUP_LEAD>;
const EMPTY = emptyForm(SIGNUP_LEAD);

const PROMISES = [
  "A customer success representative matched to your business",
  "A reply within 24 hours on weekdays",
  "14-day free trial, no credit card, no setup fees",
  "Free implementation support — most reps are set up in about 30 minutes",
];

function ThankYou() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={styles.thanks} role="status">
      <span className={styles.thanksIcon}>
        <Icon name="check" size={32} />
      </span>
      <h2 ref={heading} tabIndex={-1} className={styles.thanksTitle}>
        Thank you for your interest!
      </h2>
      <p>
        We've received your information and will get back to you within 24 hours on weekdays. Keep an eye on
        your inbox for our response!
      </p>
    </div>
  );
}

/** docs/product/site.md: the Get Started form. */
export default function Signup() {
  const form = useRef<HTMLFormElement>(null);
  const focusFirstError = (fields: Partial<Record<Field, string>>) => {
    const first = FIELDS.find((field) => fields[field]);
    if (first) form.current?.querySelector<HTMLElement>(`#${first}`)?.focus();
  };
  const { values, update, honeypot, setHoneypot, pending, done, errors, onSubmit } = useSubmissionForm<
    Values,
    Field
  >({
    initial: EMPTY,
    fields: FIELDS,
    endpoint: "/api/signup",
    name: "Signup",
    startsWith: (value) => value.trim() !== "",
    onStart: () => {
      trackEvent("signup_form_start", { category: "Forms", label: "Signup" });
      loadValidation().catch(() => {}); // warm the validation chunk while they type
    },
    validate: async (body) => (await loadValidation()).validateSignup(body),
    onInvalid: (shown) => {
      trackEvent("signup_form_error", { category: "Forms", label: Object.keys(shown).join(", ") });
      focusFirstError(shown);
    },
    onSuccess: ({ teamSize, productLines }) =>
      trackEvent("signup_form_submit", { category: "Forms", label: `${teamSize} / ${productLines}` }),
    onFailure: (status, shown) => {
      const label = status === "client" ? "Signup: client error" : `Signup: HTTP ${status}`;
      trackEvent("submission_failed", { category: "Errors", label });
      focusFirstError(shown);
    },
  });

  return (
    <div className={styles.page}>
      <div className={`container ${styles.layout}`}>
        <div className={styles.intro}>
          <h1 className={styles.title}>Get Started with {config.brand}</h1>
          <p className={styles.lead}>
            Tell us a little about how you sell. We'll match you with a customer success representative who
            will set up your trial around your lines, dealers and commission structure.
          </p>
          <ul className={styles.promises}>
            {PROMISES.map((promise) => (
              <li key={promise}>
                <Icon name="check" size={18} className={styles.check} />
                {promise}
              </li>
            ))}
          </ul>
        </div>
        <div className={styles.card}>
          {done ? (
            <ThankYou />
          ) : (
            <form ref={form} className={styles.form} noValidate onSubmit={onSubmit} aria-label="Get started">
              <DescribedFields
                lead={SIGNUP_LEAD}
                required="aria"
                rowClassName={styles.row}
                values={values}
                errors={errors}
                onChange={(key, value) => update(key as Field, value as Values[Field])}
              />
              <Honeypot name={HONEYPOT_FIELD} value={honeypot} onChange={setHoneypot} />
              <Button type="submit" size="large" block disabled={pending}>
                {pending ? "Submitting..." : "Get Started"}
              </Button>
              <p className={styles.fine}>
                By submitting, you agree to our <SmartLink to="/terms">Terms of Service</SmartLink> and{" "}
                <SmartLink to="/privacy">Privacy Policy</SmartLink>.
              </p>
            </form>
          )}
        </div>
      </div>
    </div>
  );
}
