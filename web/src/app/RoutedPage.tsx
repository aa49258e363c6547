import { useEffect, useRef } from "react";
import { trackPageView } from "../analytics";
import { useLocation, useNavigationType } from "../routing/router";
import { applyHead, fullTitle, headElements } from "../seo/head";
import { type LazyPage, usePageModule } from "./lazyPage";

/** True until the first page has been shown (its head came prerendered with the HTML). */
let firstPage = true;

/**
 * One public page: renders its (preloaded or suspending) module, then on every location change
 * swaps the head, records page_view with the path and the final title, and on client-side
 * navigations resets scroll and moves focus to <main> for screen-reader users.
 */
export function RoutedPage({ page, canonicalPath }: { page: LazyPage; canonicalPath: string | null }) {
  const { default: Page, meta } = usePageModule(page);
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const lastPath = useRef<string | null>(null);

  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    if (firstPage) {
      firstPage = false;
    } else {
      applyHead(headElements(meta, canonicalPath));
      if (navigationType !== "POP") window.scrollTo(0, 0);
      document.getElementById("main")?.focus({ preventScroll: true });
    }
    trackPageView(pathname, fullTitle(meta));
  }, [pathname, meta, canonicalPath, navigationType]);

  return <Page />;
}
