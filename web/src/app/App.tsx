import { lazy, Suspense, useEffect } from "react";
import { PublicLayout } from "../components/layout/PublicLayout";
import { isCommandCenterPath } from "../public-paths";
import { useLocation } from "../routing/router";
import { RoutedPage } from "./RoutedPage";
import { isPublicPath, NOT_FOUND_PAGE, normalisePath, PAGES } from "./routes";

/** The staff SPA: its own chunk (with react-router), its own layout; never prerendered. */
const CommandCenterMount = lazy(() => import("./CommandCenterMount"));

/** Marks <html data-hydrated> once React has taken over the page (tests and tools wait for it). */
function useHydratedMarker(): void {
  useEffect(() => document.documentElement.setAttribute("data-hydrated", ""), []);
}

export function App() {
  useHydratedMarker();
  const { pathname } = useLocation();
  if (isCommandCenterPath(pathname)) {
    return (
      <Suspense fallback={null}>
        <CommandCenterMount />
      </Suspense>
    );
  }
  const path = normalisePath(pathname);
  return (
    <PublicLayout>
      {isPublicPath(path) ? (
        <RoutedPage key={path} page={PAGES[path]} canonicalPath={path} />
      ) : (
        <RoutedPage key="not-found" page={NOT_FOUND_PAGE} canonicalPath={null} />
      )}
    </PublicLayout>
  );
}
