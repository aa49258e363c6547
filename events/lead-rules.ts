/**
 * The zod schemas of a lead's fields, made from its description (./lead-fields.ts): the request's
 * rules — so a field's limit and messages are written once, in the description — and the stored
 * record's form fields, which accept what older records hold (no lengths, no trimming).
 */
import * as z from "zod";
import "./jitless";
import { emailText, optionalText, requiredText } from "./fields";
import type { FieldRule, FormField, FormKey, LeadFields } from "./lead-fields";
import { formKeys } from "./lead-fields";

type Choice<R> = R extends { readonly values: readonly (infer V extends string)[] } ? { [K in V]: K } : never;

/** The request schema of one rule. */
export type RequestSchema<R extends FieldRule> = R extends {
  readonly type: "choice";
  readonly default: string;
}
  ? z.ZodDefault<z.ZodEnum<Choice<R>>>
  : R extends { readonly type: "choice" }
    ? z.ZodEnum<Choice<R>>
    : R extends { readonly type: "yesNo" }
      ? z.ZodDefault<z.ZodBoolean>
      : R extends { readonly required: string }
        ? z.ZodString
        : ReturnType<typeof optionalText>;

/** The stored schema of one rule. */
export type StoredSchema<R extends FieldRule> = R extends { readonly type: "choice" }
  ? z.ZodEnum<Choice<R>>
  : R extends { readonly type: "yesNo" }
    ? z.ZodBoolean
    : R extends { readonly required: string }
      ? z.ZodString
      : z.ZodOptional<z.ZodString>;

type RuleOf<F> = F extends { readonly rule: infer R extends FieldRule } ? R : never;

export type RequestShape<D extends LeadFields> = { [K in FormKey<D>]: RequestSchema<RuleOf<D[K]>> };
export type StoredFormShape<D extends LeadFields> = { [K in FormKey<D>]: StoredSchema<RuleOf<D[K]>> };

function requestSchema(field: FormField): z.ZodType {
  const { rule, label } = field;
  switch (rule.type) {
    case "text":
      return rule.required ? requiredText(rule.required, rule.max, label) : optionalText(rule.max, label);
    case "email":
      return emailText(rule);
    case "choice": {
      const choice = z.enum(rule.values, { error: rule.required });
      return rule.default === undefined ? choice : choice.default(rule.default);
    }
    case "yesNo":
      return z.boolean({ error: rule.invalid }).default(false);
  }
}

function storedSchema(rule: FieldRule): z.ZodType {
  switch (rule.type) {
    case "choice":
      return z.enum(rule.values);
    case "yesNo":
      return z.boolean();
    default:
      return rule.required ? z.string() : z.string().optional();
  }
}

/** The request's fields of a kind, in the form's order: its description's rules. */
export function requestShape<D extends LeadFields>(lead: D): RequestShape<D> {
  return Object.fromEntries(
    formKeys(lead).map((key) => [key, requestSchema(lead[key] as FormField)]),
  ) as RequestShape<D>;
}

/** The stored record's form fields of a kind. */
export function storedFormShape<D extends LeadFields>(lead: D): StoredFormShape<D> {
  return Object.fromEntries(
    formKeys(lead).map((key) => [key, storedSchema((lead[key] as FormField).rule)]),
  ) as StoredFormShape<D>;
}
