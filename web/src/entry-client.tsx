/**
 * The first script of every page, kept small: it starts consent (before anything can push an
 * event), and on a prerendered public page waits for the first paint before the app's code and
 * the rest of the stylesheet are even fetched (docs/decisions/0105-paint-before-hydration.md). A
 * public page adds it only after its first frame, from an inline loader (./boot/entryLoader.ts,
 * decision 0112). The app itself is ./mount.tsx.
 */
import "./styles/global.css";
import { startConsent } from "./analytics/consentController";
import { afterFirstPaint } from "./boot/afterFirstPaint";
import { loadAfterPaintResources } from "./boot/afterPaintResources";
import { nextTask } from "./boot/nextTask";
import { isCommandCenterPath } from "./public-paths";

// Consent Mode defaults reach window.dataLayer before any event, and a remembered choice is applied
// (docs/decisions/0094-consent-before-tracking.md). The tag manager loads only with consent.
const commandCenter = isCommandCenterPath(location.pathname);
if (!commandCenter) startConsent();

const prerendered = !commandCenter && document.getElementById("root")?.firstElementChild != null;

/**
 * Fetches and starts the app. React's DOM renderer is most of the app's code: it is evaluated in a
 * task of its own, and the app's own modules and the hydration each in a later one, so that none
 * of them is a long task after the first paint (docs/PERFORMANCE.md, "Long tasks after the first
 * paint").
 */
async function start(): Promise<void> {
  if (prerendered) await afterFirstPaint();
  const stylesheet = loadAfterPaintResources();
  await import("react-dom/client");
  await nextTask();
  const { mount } = await import("./mount");
  await stylesheet;
  await nextTask();
  mount(prerendered);
}

void start();
