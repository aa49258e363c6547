import "./styles/global.css";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./App";
import { startConsent } from "./analytics/consentController";
import { BrowserRouter } from "./routing/router";
import { isCommandCenterPath, isPublicPath, normalisePath, pageFor } from "./routing/routes";

// Consent Mode defaults reach window.dataLayer before any event, and a remembered choice is applied
// (docs/decisions/0094-consent-before-tracking.md). The tag manager loads only with consent.
if (!isCommandCenterPath(location.pathname)) startConsent();

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from the page");

/** Link intent: start downloading the target page's chunk (public pages only). */
function prefetchPage(pathname: string): void {
  const path = normalisePath(pathname);
  if (isPublicPath(path))
    pageFor(path)
      .load()
      .catch(() => {});
}

const app = (
  <StrictMode>
    <BrowserRouter prefetch={prefetchPage}>
      <App />
    </BrowserRouter>
  </StrictMode>
);

const prerendered = container.firstElementChild !== null && !isCommandCenterPath(location.pathname);
if (prerendered) {
  // Load the current page's chunk first so that hydration renders exactly the prerendered markup.
  pageFor(location.pathname)
    .load()
    // As a transition, hydration is time-sliced: no long task blocks the main thread (TBT).
    .then(() =>
      startTransition(() => {
        hydrateRoot(container, app);
      }),
    );
} else {
  createRoot(container).render(app);
}
