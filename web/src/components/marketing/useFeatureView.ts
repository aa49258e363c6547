import { useEffect } from "react";
import { trackEvent } from "../../analytics";

/** Records one feature_view (category "Platform Features") when a feature page is shown. */
export function useFeatureView(feature: string): void {
  useEffect(() => {
    trackEvent("feature_view", { category: "Platform Features", label: feature });
  }, [feature]);
}
