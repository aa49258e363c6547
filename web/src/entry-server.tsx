import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { App } from "./app/App";
import { isPublicPath, pageFor } from "./app/routes";
import { loadAllIslands } from "./routing/deferred";
import { StaticRouter } from "./routing/router";
import { headElements, renderHeadHtml } from "./seo/head";

export interface RenderedPage {
  /** Markup of #root. */
  readonly html: string;
  /** The page's <head> elements (title, description, canonical, Open Graph, Twitter, JSON-LD). */
  readonly head: string;
}

/** Prerenders one location; unknown paths render the 404 page. */
export async function render(path: string): Promise<RenderedPage> {
  const { meta } = await pageFor(path).load();
  await loadAllIslands(); // islands register when their page module loads
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={path}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  return { html, head: renderHeadHtml(headElements(meta, isPublicPath(path) ? path : null)) };
}

export { consentProbeScript } from "./analytics/consent";
export { entryLoaderElement, entryLoaderScript } from "./boot/entryLoader";
export { absoluteUrl, config } from "./config";
export { SHARE_IMAGE } from "./seo/head";
