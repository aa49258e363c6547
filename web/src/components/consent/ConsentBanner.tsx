import { useEffect, useId, useRef, useSyncExternalStore } from "react";
import {
  ACCEPT_ALL,
  BANNER_ACTION_ATTRIBUTE,
  BANNER_ATTRIBUTE,
  BANNER_LIVE_ATTRIBUTE,
  type BannerAction,
  type ConsentChoice,
  REJECT_ALL,
} from "../../analytics/consent";
import {
  bannerIsLive,
  chooseConsent,
  consentView,
  openChoices,
  PRERENDERED,
  subscribeConsent,
} from "../../analytics/consentController";
import { CONSENT_TEXT } from "../../content/consent";
import { Link } from "../../routing/router";
import { Button } from "../ui/Button";
import styles from "./ConsentBanner.module.css";
import { ConsentChoices } from "./ConsentChoices";

/** The server renders the banner as a first visit sees it; hydration starts from the same. */
const serverView = () => PRERENDERED;

const action = (name: BannerAction) => ({ [BANNER_ACTION_ATTRIBUTE]: name });

/**
 * The consent banner (docs/decisions/0094-consent-before-tracking.md): a non-modal region fixed at
 * the bottom of the viewport, so it covers content without moving it. Accept all and Reject all
 * look the same; Customise shows the two choices. It is in the prerendered page and shows from the
 * first paint when the visitor has not chosen (docs/decisions/0109-consent-banner-in-the-html.md):
 * its visibility and the Global Privacy Control line follow attributes on <html>. Opened from
 * Cookie settings it shows the choices and takes the focus, and gives it back once the visitor has
 * chosen.
 */
export default function ConsentBanner() {
  const view = useSyncExternalStore(subscribeConsent, consentView, serverView);
  const headingId = useId();
  const banner = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  // From now on React answers the buttons (consentController.ts answered them until here).
  useEffect(() => {
    banner.current?.setAttribute(BANNER_LIVE_ATTRIBUTE, "");
    bannerIsLive();
  }, []);

  useEffect(() => {
    if (!view.open || !view.fromSettings) return;
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    heading.current?.focus();
  }, [view.open, view.fromSettings]);

  if (!view.open) return null;

  const choose = (choice: ConsentChoice) => {
    chooseConsent(choice);
    returnFocus.current?.focus();
    returnFocus.current = null;
  };

  return (
    <section
      ref={banner}
      className={styles.banner}
      aria-labelledby={headingId}
      {...{ [BANNER_ATTRIBUTE]: "" }}
    >
      <div className={styles.inner}>
        <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.heading}>
          {CONSENT_TEXT.heading}
        </h2>
        <p className={styles.text}>
          {CONSENT_TEXT.intro} <Link to="/privacy#cookies">{CONSENT_TEXT.policyLink}</Link>.
        </p>
        <p className={styles.gpc}>{CONSENT_TEXT.gpc}</p>
        {view.customising && (
          <ConsentChoices initial={view.choice ?? REJECT_ALL} gpc={view.gpc} onSave={choose} />
        )}
        <div className={styles.actions}>
          <Button variant="secondary" size="small" onClick={() => choose(ACCEPT_ALL)} {...action("accept")}>
            {CONSENT_TEXT.acceptAll}
          </Button>
          <Button variant="secondary" size="small" onClick={() => choose(REJECT_ALL)} {...action("reject")}>
            {CONSENT_TEXT.rejectAll}
          </Button>
          {!view.customising && (
            <Button variant="ghost" size="small" onClick={openChoices} {...action("customise")}>
              {CONSENT_TEXT.customise}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
