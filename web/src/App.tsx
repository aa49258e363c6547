import { lazy, Suspense } from "react";
import { PublicLayout } from "./components/layout/PublicLayout";
import { RoutedPage } from "./routing/RoutedPage";
import { useLocation } from "./routing/router";
import { isCommandCenterPath, isPublicPath, NOT_FOUND_PAGE, normalisePath, PAGES } from "./routing/routes";

/** The staff SPA: its own chunk (with react-router), its own layout; never prerendered. */
const CommandCenterMount = lazy(() => import("./routing/CommandCenterMount"));

export function App() {
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
