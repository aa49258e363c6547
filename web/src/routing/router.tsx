/**
 * A small router for the public site. react-router (≈18 KB gzip) would take a fifth of the
 * 90 KB first-load budget; the public site only needs exact-path pages, history navigation and
 * links, so it uses this instead and react-router is loaded only with the Command Center chunk.
 * See docs/decisions/0010-web-rendering-and-routing.md.
 */
import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";

export interface RouterLocation {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}
export type NavigationType = "POP" | "PUSH" | "REPLACE";

interface RouterValue {
  readonly location: RouterLocation;
  readonly navigationType: NavigationType;
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Called when a link shows intent (hover, focus, touch): warm the target page's chunk. */
  readonly prefetch: (pathname: string) => void;
}

const RouterContext = createContext<RouterValue | null>(null);

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error("Router hooks must be used inside <BrowserRouter> or <StaticRouter>");
  return router;
}

export const useLocation = (): RouterLocation => useRouter().location;
export const useNavigationType = (): NavigationType => useRouter().navigationType;
export const useNavigate = (): RouterValue["navigate"] => useRouter().navigate;
export function useSearchParam(name: string): string | null {
  return new URLSearchParams(useLocation().search).get(name);
}

const readLocation = (): RouterLocation => ({
  pathname: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
});

interface BrowserRouterProps {
  children: ReactNode;
  prefetch?: (pathname: string) => void;
}

/** Client router on the History API; navigations run as transitions so the old page stays until the new one is ready. */
export function BrowserRouter({ children, prefetch = () => {} }: BrowserRouterProps) {
  const [state, setState] = useState<{ location: RouterLocation; navigationType: NavigationType }>(() => ({
    location: readLocation(),
    navigationType: "POP",
  }));

  useEffect(() => {
    const onPopState = () =>
      startTransition(() => setState({ location: readLocation(), navigationType: "POP" }));
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);

  const navigate = useCallback((to: string, options: { replace?: boolean } = {}) => {
    const url = new URL(to, window.location.href);
    if (url.origin !== window.location.origin) {
      window.location.assign(url.href);
      return;
    }
    window.history[options.replace ? "replaceState" : "pushState"](null, "", url.href);
    startTransition(() =>
      setState({ location: readLocation(), navigationType: options.replace ? "REPLACE" : "PUSH" }),
    );
  }, []);

  const value = useMemo(() => ({ ...state, navigate, prefetch }), [state, navigate, prefetch]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** Server (prerender) router: a fixed location, navigation is a programming error. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const value = useMemo<RouterValue>(() => {
    const url = new URL(location, "http://prerender.invalid");
    return {
      location: { pathname: url.pathname, search: url.search, hash: url.hash },
      navigationType: "POP",
      navigate: () => {
        throw new Error("navigate() called while prerendering");
      },
      prefetch: () => {},
    };
  }, [location]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** A site path, optionally with ?query and #hash. */
  to: string;
  replace?: boolean;
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/** An <a href> that navigates on the client (plain clicks only) and prefetches on intent. */
export function Link({ to, replace, onClick, target, onPointerEnter, onFocus, ...props }: LinkProps) {
  const { navigate, prefetch } = useRouter();
  const pathname = to.split(/[?#]/)[0] || "/";
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainLeftClick(event) || (target && target !== "_self")) return;
    event.preventDefault();
    navigate(to, { replace });
  };
  return (
    <a
      href={to}
      target={target}
      onClick={handleClick}
      onPointerEnter={(event) => {
        prefetch(pathname);
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        prefetch(pathname);
        onFocus?.(event);
      }}
      {...props}
    />
  );
}
