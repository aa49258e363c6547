import { useCallback, useRef } from "react";
import { type AnalyticsEventName, trackEvent } from ".";

/**
 * Records `<form>_start` once per form instance, on the first focus or input inside the form.
 * Returns a handler for the form's onFocus / onChange (both bubble in React).
 */
export function useFormStart(
  event: Extract<AnalyticsEventName, "signup_form_start" | "contact_form_start">,
  label: string,
) {
  const started = useRef(false);
  return useCallback(() => {
    if (started.current) return;
    started.current = true;
    trackEvent(event, { category: "Forms", label });
  }, [event, label]);
}
