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

/** A promise that React's use() can read synchronously once settled (React's thenable protocol). */
type TrackedPromise<T> = Promise<T> & { status?: "pending" | "fulfilled" | "rejected"; value?: T };

export function lazyPage(importer: () => Promise<PageModule>): LazyPage {
  let pending: TrackedPromise<PageModule> | undefined;
  const load = () => {
    if (!pending) {
      const promise: TrackedPromise<PageModule> = importer().then(
        (loaded) => {
          promise.status = "fulfilled";
          promise.value = loaded;
          return loaded;
        },
        (error: unknown) => {
          pending = undefined; // let a later navigation retry a failed chunk download
          throw error;
        },
      );
      promise.status = "pending";
      pending = promise;
    }
    return pending;
  };
  return { load, loaded: () => (pending?.status === "fulfilled" ? pending.value : undefined) };
}

/** The page's module: immediate once loaded, otherwise suspends (inside a transition) while its chunk downloads. */
export function usePageModule(page: LazyPage): PageModule {
  return use(page.load());
}
