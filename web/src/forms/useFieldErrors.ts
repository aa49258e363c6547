import { useCallback, useState } from "react";

/** Field errors of a form; editing a field clears its own error (docs/product/site.md). */
export function useFieldErrors<Field extends string>() {
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const clear = useCallback((field: Field) => {
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _removed, ...rest } = current;
      return rest as Partial<Record<Field, string>>;
    });
  }, []);
  /** Keeps only the messages about fields this form shows. */
  const show = useCallback((fieldErrors: Record<string, string>, fields: readonly Field[]) => {
    const shown: Partial<Record<Field, string>> = {};
    for (const field of fields) if (fieldErrors[field]) shown[field] = fieldErrors[field];
    setErrors(shown);
    return shown;
  }, []);
  return { errors, clear, show };
}
