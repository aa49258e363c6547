/**
 * The lead source's capture on the page (./source.ts has the rules): the landing touch when the app
 * starts, kept or forgotten as the visitor's consent changes, and the `source` each form sends.
 */
import type { SourceTouch } from "../../../events/lead-source";
import { consentView, subscribeConsent } from "./consentController";
import {
  forgetFirstTouch,
  keepFirstTouch,
  type Landing,
  mayKeepFirstTouch,
  pageTouch,
  readFirstTouch,
} from "./source";

// The page's state: the touch of the page the visitor landed on, and its URL.
let landing: { readonly touch: SourceTouch; readonly url: string } | undefined;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

const currentUrl = () => `${location.pathname}${location.search}`;
const allowed = () => mayKeepFirstTouch(consentView().choice, consentView().gpc);

/** Keeps the landing touch while consent allows it, forgets any kept touch when it does not. */
function followConsent(): void {
  if (!allowed()) forgetFirstTouch(storage());
  else if (landing) keepFirstTouch(storage(), landing.touch, new Date());
}

/**
 * Once, with the page the app started on (./landing.ts): the landing touch, kept now or as soon as
 * consent allows it, and forgotten when consent is withdrawn.
 */
export function startSourceCapture(start: Landing): void {
  if (landing) return;
  landing = {
    touch: { ...pageTouch(start.page, start.referrer), at: start.at.toISOString() },
    url: `${start.page.pathname}${start.page.search}`,
  };
  followConsent();
  subscribeConsent(followConsent);
}

/** The `source` a form sends: the kept first touch when consent allows it, else the page's own. */
export function sourceForSubmit(): SourceTouch {
  if (allowed()) {
    const first = readFirstTouch(storage(), new Date()) ?? landing?.touch;
    if (first) return first;
  }
  // The browser's referrer is the landing page's; a page reached client-side was referred by us.
  const referrer = landing === undefined || landing.url === currentUrl() ? document.referrer : "";
  return pageTouch(location, referrer);
}
