/**
 * A public form's inputs, made from its lead kind's description (events/lead-fields.ts): each form
 * field in the description's order, as the input its rule and `input` say — text, e-mail, phone, a
 * long text, radio cards or a select for a choice, a box — under its form label, with fields of one
 * `row` side by side. Adding a field to a kind's description adds its input here with no other edit.
 * No zod: the description is plain data, and the forms' first paint must not load the schemas.
 */
import { type FormField, formKeys, type LeadFields, labelIn } from "../../../../events/lead-fields";
import { CheckboxField, RadioGroup, SelectField, TextAreaField, TextField } from "./Field";

export interface DescribedFieldsProps {
  readonly lead: LeadFields;
  /**
   * How a required field says so: "aria" — `aria-required` on the input, the form checks on submit
   * (/signup); "native" — an asterisk and the browser's `required` check (/contact).
   */
  readonly required: "aria" | "native";
  readonly values: Readonly<Record<string, string | boolean>>;
  readonly errors: Readonly<Partial<Record<string, string>>>;
  onChange(key: string, value: string | boolean): void;
  /** The class of a row of side-by-side fields (the page's). */
  readonly rowClassName?: string;
}

/** A box is never required; a text is when its rule has a "required" message; the rest always. */
function isRequired({ rule }: FormField): boolean {
  return (
    rule.type === "choice" || rule.type === "email" || (rule.type === "text" && rule.required !== undefined)
  );
}

function choices(field: FormField) {
  const labels = field.input.options ?? field.options ?? {};
  const values = field.rule.type === "choice" ? field.rule.values : [];
  return values.map((value) => ({
    value,
    label: labels[value] ?? value,
    description: field.input.hints?.[value],
  }));
}

/** One field's input. */
function FieldInput({ name, field, props }: { name: string; field: FormField; props: DescribedFieldsProps }) {
  const label = labelIn(field, "form");
  const error = props.errors[name];
  const value = props.values[name];
  const required = isRequired(field);
  const marks =
    props.required === "native"
      ? required
        ? { marked: true, required: true }
        : {}
      : required
        ? { "aria-required": true }
        : {};
  const { rule, input } = field;
  if (rule.type === "yesNo")
    return (
      <CheckboxField
        name={name}
        checked={value === true}
        onChange={(event) => props.onChange(name, event.target.checked)}
      >
        {label}
      </CheckboxField>
    );
  if (rule.type === "choice" && input.control === "select")
    return (
      <SelectField
        name={name}
        label={label}
        {...marks}
        options={choices(field)}
        value={String(value)}
        error={error}
        onChange={(event) => props.onChange(name, event.target.value)}
      />
    );
  if (rule.type === "choice")
    return (
      <RadioGroup
        name={name}
        label={label}
        marked={props.required === "native" && required}
        value={String(value)}
        options={choices(field)}
        error={error}
        onChange={(chosen) => props.onChange(name, chosen)}
      />
    );
  const text = {
    name,
    label,
    ...marks,
    ...(input.inputType ? { type: input.inputType } : {}),
    ...(input.autoComplete ? { autoComplete: input.autoComplete } : {}),
    ...(input.inputMode ? { inputMode: input.inputMode } : {}),
    ...(input.placeholder ? { placeholder: input.placeholder } : {}),
    value: String(value),
    error,
  };
  if (field.type === "long")
    return (
      <TextAreaField
        {...text}
        rows={input.rows}
        onChange={(event) => props.onChange(name, event.target.value)}
      />
    );
  return <TextField {...text} onChange={(event) => props.onChange(name, event.target.value)} />;
}

/** The form fields of `lead`, in its order; consecutive fields of one `row` in one row. */
export function DescribedFields(props: DescribedFieldsProps) {
  const groups: { row?: string; names: string[] }[] = [];
  for (const name of formKeys(props.lead)) {
    const row = (props.lead[name] as FormField).input.row;
    const last = groups.at(-1);
    if (row && last?.row === row) last.names.push(name);
    else groups.push({ row, names: [name] });
  }
  const input = (name: string) => (
    <FieldInput key={name} name={name} field={props.lead[name] as FormField} props={props} />
  );
  return (
    <>
      {groups.map(({ row, names }) =>
        row ? (
          <div key={`row-${row}-${names[0]}`} className={props.rowClassName}>
            {names.map(input)}
          </div>
        ) : (
          input(names[0] as string)
        ),
      )}
    </>
  );
}
