import { useEffect, useRef } from "react";
import { type FormKey, formKeys, SIGNUP_LEAD } from "../../../events/lead-fields";
import {
  HONEYPOT_FIELD,
  PRODUCT_LINES,
  PRODUCT_LINES_LABELS,
  TEAM_SIZE_LABELS,
  TEAM_SIZES,
} from "../../../events/options";
import { trackEvent } from "../analytics";
import { Button, SmartLink } from "../components/ui/Button";
import { Honeypot, RadioGroup, TextAreaField, TextField } from "../components/ui/Field";
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
const FIELDS = formKeys(SIGNUP_LEAD);
type Field = FormKey<typeof SIGNUP_LEAD>;
type Values = Record<Field, string>;
const EMPTY = Object.fromEntries(FIELDS.map((field) => [field, ""])) as Values;

const TEAM_SIZE_HINTS = { solo: "I sell on my own", team: "Several reps or office staff" };
const PRODUCT_LINE_HINTS = { single: "I represent one manufacturer", multiple: "I carry several principals" };
const TEAM_SIZE_OPTIONS = TEAM_SIZES.map((value) => ({
  value,
  label: TEAM_SIZE_LABELS[value],
  description: TEAM_SIZE_HINTS[value],
}));
const PRODUCT_LINE_OPTIONS = PRODUCT_LINES.map((value) => ({
  value,
  label: PRODUCT_LINES_LABELS[value],
  description: PRODUCT_LINE_HINTS[value],
}));

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
              <div className={styles.row}>
                <TextField
                  name="firstName"
                  aria-required
                  label="First name"
                  autoComplete="given-name"
                  value={values.firstName}
                  error={errors.firstName}
                  onChange={(event) => update("firstName", event.target.value)}
                />
                <TextField
                  name="lastName"
                  aria-required
                  label="Last name"
                  autoComplete="family-name"
                  value={values.lastName}
                  error={errors.lastName}
                  onChange={(event) => update("lastName", event.target.value)}
                />
              </div>
              <TextField
                name="email"
                aria-required
                label="Email"
                type="email"
                autoComplete="email"
                inputMode="email"
                value={values.email}
                error={errors.email}
                onChange={(event) => update("email", event.target.value)}
              />
              <RadioGroup
                name="teamSize"
                label="Team size"
                value={values.teamSize}
                options={TEAM_SIZE_OPTIONS}
                error={errors.teamSize}
                onChange={(value) => update("teamSize", value)}
              />
              <RadioGroup
                name="productLines"
                label="Product line focus"
                value={values.productLines}
                options={PRODUCT_LINE_OPTIONS}
                error={errors.productLines}
                onChange={(value) => update("productLines", value)}
              />
              <TextAreaField
                name="notes"
                label="Anything we should know? (optional)"
                rows={4}
                value={values.notes}
                error={errors.notes}
                onChange={(event) => update("notes", event.target.value)}
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
