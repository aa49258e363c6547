import { lazy, Suspense, useSyncExternalStore } from "react";
import { consentView, subscribeConsent } from "../../analytics/consentController";

/** The banner's code (and its texts) load only when it is to be shown: a returning visitor never needs them. */
const ConsentBanner = lazy(() => import("./ConsentBanner"));

const closed = () => false;

/**
 * Where the consent banner goes on every public page (PublicLayout). Nothing on the server and
 * during hydration (the empty server snapshot), so the prerendered page is unchanged.
 */
export function ConsentSlot() {
  const open = useSyncExternalStore(subscribeConsent, () => consentView().open, closed);
  return open ? (
    <Suspense fallback={null}>
      <ConsentBanner />
    </Suspense>
  ) : null;
}
