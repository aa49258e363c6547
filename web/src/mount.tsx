import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { loadSourceCapture, noteLanding } from "./analytics/landing";
import { App } from "./app/App";
import { isPublicPath, normalisePath, pageFor } from "./app/routes";
import { afterFirstPaint } from "./boot/afterFirstPaint";
import { isCommandCenterPath } from "./public-paths";
import { BrowserRouter } from "./routing/router";

/** Link intent: start downloading the target page's chunk (public pages only). */
function prefetchPage(pathname: string): void {
  const path = normalisePath(pathname);
  if (isPublicPath(path))
    pageFor(path)
      .load()
      .catch(() => {});
}

/** Starts the app: hydrates a prerendered page, renders the Command Center shell. */
export function mount(prerendered: boolean): void {
  const container = document.getElementById("root");
  if (!container) throw new Error("#root is missing from the page");
  // The landing page, before the router can change the URL; its capture after the first paint.
  if (!isCommandCenterPath(location.pathname)) {
    noteLanding();
    afterFirstPaint(null)
      .then(loadSourceCapture)
      .catch(() => {}); // a form's submit tries again, and sends no source if it cannot load
  }
  const app = (
    <StrictMode>
      <BrowserRouter prefetch={prefetchPage}>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
  if (!prerendered) {
    createRoot(container).render(app);
    return;
  }
  // Load the current page's chunk first so that hydration renders exactly the prerendered markup.
  pageFor(location.pathname)
    .load()
    // As a transition, hydration is time-sliced: no long task blocks the main thread (TBT).
    .then(() =>
      startTransition(() => {
        hydrateRoot(container, app);
      }),
    );
}
