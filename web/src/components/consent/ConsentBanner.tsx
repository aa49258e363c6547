import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { ACCEPT_ALL, type ConsentChoice, REJECT_ALL } from "../../analytics/consent";
import { chooseConsent, consentView, NO_BANNER, subscribeConsent } from "../../analytics/consentController";
import { CONSENT_TEXT } from "../../content/consent";
import { Link } from "../../routing/router";
import { Button } from "../ui/Button";
import styles from "./ConsentBanner.module.css";
import { ConsentChoices } from "./ConsentChoices";

/** The server renders no banner, and hydration neither: it appears right after, as an overlay. */
const serverView = () => NO_BANNER;

/**
 * The consent banner (docs/decisions/0094-consent-before-tracking.md): a non-modal region fixed at
 * the bottom of the viewport, so it covers content without moving it. Accept all and Reject all
 * look the same; Customise shows the two choices. Opened from Cookie settings it shows the choices
 * and takes the focus, and gives it back once the visitor has chosen.
 */
export default function ConsentBanner() {
  const view = useSyncExternalStore(subscribeConsent, consentView, serverView);
  const headingId = useId();
  const [customising, setCustomising] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!view.open || !view.fromSettings) return;
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setCustomising(true);
    heading.current?.focus();
  }, [view.open, view.fromSettings]);

  if (!view.open) return null;

  const choose = (choice: ConsentChoice) => {
    chooseConsent(choice);
    setCustomising(false);
    returnFocus.current?.focus();
    returnFocus.current = null;
  };

  return (
    <section className={styles.banner} aria-labelledby={headingId} data-consent-banner="">
      <div className={styles.inner}>
        <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.heading}>
          {CONSENT_TEXT.heading}
        </h2>
        <p className={styles.text}>
          {CONSENT_TEXT.intro} <Link to="/privacy#cookies">{CONSENT_TEXT.policyLink}</Link>.
        </p>
        {view.gpc && (
          <p className={styles.gpc} data-consent-gpc="">
            {CONSENT_TEXT.gpc}
          </p>
        )}
        {customising && <ConsentChoices initial={view.choice ?? REJECT_ALL} gpc={view.gpc} onSave={choose} />}
        <div className={styles.actions}>
          <Button variant="secondary" size="small" onClick={() => choose(ACCEPT_ALL)}>
            {CONSENT_TEXT.acceptAll}
          </Button>
          <Button variant="secondary" size="small" onClick={() => choose(REJECT_ALL)}>
            {CONSENT_TEXT.rejectAll}
          </Button>
          {!customising && (
            <Button variant="ghost" size="small" onClick={() => setCustomising(true)}>
              {CONSENT_TEXT.customise}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
