import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import styles from "./Field.module.css";

interface FieldFrame {
  /** Input name and id (ids are unique per page: one form per page). */
  name: string;
  label: string;
  /** Marks the field with an asterisk (the input itself carries `required` when the form wants native checks). */
  marked?: boolean;
  error?: string;
  hint?: string;
}

function describedBy(name: string, error?: string, hint?: string): string | undefined {
  return [hint ? `${name}-hint` : "", error ? `${name}-error` : ""].filter(Boolean).join(" ") || undefined;
}

function Label({ name, label, marked }: FieldFrame) {
  return (
    <label htmlFor={name} className={styles.label}>
      {label}
      {marked && (
        <span className={styles.marker} aria-hidden="true">
          {" "}
          *
        </span>
      )}
    </label>
  );
}

function Messages({ name, error, hint }: FieldFrame) {
  return (
    <>
      {hint && (
        <p id={`${name}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${name}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </>
  );
}

type InputProps = FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, "name">;

export function TextField({ name, label, marked, error, hint, className, ...input }: InputProps) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(" ")}>
      <Label name={name} label={label} marked={marked} />
      <input
        id={name}
        name={name}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        {...input}
      />
      <Messages name={name} label={label} error={error} hint={hint} />
    </div>
  );
}

type TextAreaProps = FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name">;

export function TextAreaField({ name, label, marked, error, hint, className, ...textarea }: TextAreaProps) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(" ")}>
      <Label name={name} label={label} marked={marked} />
      <textarea
        id={name}
        name={name}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        {...textarea}
      />
      <Messages name={name} label={label} error={error} hint={hint} />
    </div>
  );
}

type SelectProps = FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "name"> & {
    options: readonly { value: string; label: string }[];
  };

export function SelectField({
  name,
  label,
  marked,
  error,
  hint,
  options,
  className,
  ...select
}: SelectProps) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(" ")}>
      <Label name={name} label={label} marked={marked} />
      <select
        id={name}
        name={name}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Messages name={name} label={label} error={error} hint={hint} />
    </div>
  );
}

interface RadioGroupProps extends FieldFrame {
  value: string;
  options: readonly { value: string; label: string; description?: string }[];
  onChange(value: string): void;
  className?: string;
}

/** A fieldset of radio cards; the legend names the group, the error is announced with it. */
export function RadioGroup({
  name,
  label,
  marked,
  error,
  hint,
  value,
  options,
  onChange,
  className,
}: RadioGroupProps) {
  return (
    <fieldset
      className={[styles.field, styles.fieldset, className].filter(Boolean).join(" ")}
      aria-describedby={describedBy(name, error, hint)}
      aria-invalid={error ? true : undefined}
    >
      <legend className={styles.label}>
        {label}
        {marked && (
          <span className={styles.marker} aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </legend>
      <div className={styles.choices}>
        {options.map((option) => (
          <label key={option.value} className={styles.choice}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              {...(option === options[0] ? { id: name } : {})}
            />
            <span>
              <span className={styles.choiceLabel}>{option.label}</span>
              {option.description && <span className={styles.choiceText}>{option.description}</span>}
            </span>
          </label>
        ))}
      </div>
      <Messages name={name} label={label} error={error} hint={hint} />
    </fieldset>
  );
}

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "type"> & {
  name: string;
  children: ReactNode;
};

export function CheckboxField({ name, children, className, ...input }: CheckboxProps) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(" ")}>
      <label className={styles.checkbox} htmlFor={name}>
        <input id={name} name={name} type="checkbox" {...input} />
        <span>{children}</span>
      </label>
    </div>
  );
}

/**
 * The honeypot (events/fields.ts HONEYPOT_FIELD): invisible to people (off-screen) and to assistive
 * technology (aria-hidden, not focusable), never autofilled. Bots that fill every field give
 * themselves away.
 */
export function Honeypot({
  name,
  value,
  onChange,
}: {
  name: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label htmlFor={`${name}-hp`}>Leave this field empty</label>
      <input
        id={`${name}-hp`}
        type="text"
        name={name}
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
