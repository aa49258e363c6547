/**
 * The first script of every page, kept small: it starts consent (before anything can push an
 * event), and on a prerendered public page waits for the first paint before the app's code and
 * the rest of the stylesheet are even fetched (docs/decisions/0105-paint-before-hydration.md). The app itself is ./mount.tsx.
 */
import "./styles/global.css";
import { startConsent } from "./analytics/consentController";
import { afterFirstPaint } from "./boot/afterFirstPaint";
import { loadAfterPaintResources } from "./boot/afterPaintResources";
import { isCommandCenterPath } from "./public-paths";

// Consent Mode defaults reach window.dataLayer before any event, and a remembered choice is applied
// (docs/decisions/0094-consent-before-tracking.md). The tag manager loads only with consent.
const commandCenter = isCommandCenterPath(location.pathname);
if (!commandCenter) startConsent();

const prerendered = !commandCenter && document.getElementById("root")?.firstElementChild != null;
(prerendered ? afterFirstPaint() : Promise.resolve())
  .then(() => Promise.all([import("./mount"), loadAfterPaintResources()]))
  .then(([{ mount }]) => mount(prerendered));
