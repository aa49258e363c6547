import { Suspense, use, useSyncExternalStore } from "react";
import { consentView, PRERENDERED, subscribeConsent } from "../../analytics/consentController";
import { island } from "../../routing/deferred";

/** Resolves once the banner is to be shown (at once on a first visit; never if it stays closed). */
function whenAsked(): Promise<void> {
  return new Promise((resolve) => {
    if (consentView().open) return resolve();
    const stop = subscribeConsent(() => {
      if (!consentView().open) return;
      stop();
      resolve();
    });
  });
}

/**
 * The banner's code is separate and loads only when the banner is to be shown: a returning
 * visitor never needs it. The prerender has it (loadAllIslands) and renders the banner in full.
 */
const consentBanner = island("consent-banner", () => import("./ConsentBanner"));

function Banner() {
  const Component = use(consentBanner.load(whenAsked));
  return <Component />;
}

const open = () => consentView().open;
const prerendered = () => PRERENDERED.open;

/**
 * Where the consent banner goes on every public page (PublicLayout). The prerendered page holds it
 * whenever the stage has a tag manager (docs/decisions/0109-consent-banner-in-the-html.md), and
 * hydration starts from that markup: until the banner's code arrives, React keeps it as it is.
 */
export function ConsentSlot() {
  const shown = useSyncExternalStore(subscribeConsent, open, prerendered);
  return shown ? (
    <Suspense fallback={null}>
      <Banner />
    </Suspense>
  ) : null;
}
