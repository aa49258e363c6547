import { type ComponentType, use } from "react";
import type { PageMeta } from "../seo/meta";

/** What every page module exports. */
export interface PageModule {
  default: ComponentType;
  meta: PageMeta;
}

/**
 * A route-split page whose chunk can be loaded ahead of rendering. Unlike React.lazy, once
 * `load()` has resolved the page renders synchronously — so the prerender step and the client's
 * hydration (which awaits the current page's chunk before hydrateRoot) produce identical markup
 * and nothing suspends during hydration.
 */
export interface LazyPage {
  load(): Promise<PageModule>;
  /** The module if already loaded. */
  loaded(): PageModule | undefined;
}

export function lazyPage(importer: () => Promise<PageModule>): LazyPage {
  let module: PageModule | undefined;
  let pending: Promise<PageModule> | undefined;
  const load = () => {
    pending ??= importer().then(
      (loaded) => {
        module = loaded;
        return loaded;
      },
      (error: unknown) => {
        pending = undefined; // let a later navigation retry a failed chunk download
        throw error;
      },
    );
    return pending;
  };
  return { load, loaded: () => module };
}

/** Renders the page, suspending (inside a transition) only while its chunk downloads. */
export function usePageModule(page: LazyPage): PageModule {
  return page.loaded() ?? use(page.load());
}
