import { type ComponentType, Suspense, use, useEffect, useRef } from "react";

/**
 * Deferred hydration for content below the first screen. The prerendered HTML of an island is
 * complete (and its links work as plain links); on the client, its code is downloaded and the island
 * hydrated only when it comes near the viewport. Until then React keeps the server HTML as a
 * dehydrated Suspense boundary — no mismatch, no flash. On client-side navigations (no server HTML)
 * the code loads at once. The prerender step awaits every island's module first
 * (`loadAllIslands`), so the server always renders them in full.
 */
type Tracked<T> = Promise<T> & { status?: "pending" | "fulfilled"; value?: T };

const loaders: (() => Promise<unknown>)[] = [];

/** Prerendering: every island's module, so that renderToString never meets a pending one. */
export function loadAllIslands(): Promise<unknown[]> {
  return Promise.all(loaders.map((load) => load()));
}

/** Distance from the viewport at which an island starts loading. */
const NEAR_VIEWPORT = "400px";

function whenNear(element: Element): Promise<void> {
  if (typeof IntersectionObserver === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          resolve();
        }
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(element);
  });
}

export interface IslandModule<P> {
  readonly name: string;
  /** The component's module promise; on the first call, `until` can delay the download (hydration). */
  load(until?: () => Promise<void>): Promise<ComponentType<P>>;
}

/** Declares an island: a uniquely named, separately loaded component. */
export function island<P extends object>(
  name: string,
  importer: () => Promise<{ default: ComponentType<P> }>,
): IslandModule<P> {
  let module: Tracked<ComponentType<P>> | undefined;
  const load = (until: () => Promise<void> = () => Promise.resolve()) => {
    if (!module) {
      const promise: Tracked<ComponentType<P>> = until()
        .then(importer)
        .then((loaded) => {
          promise.status = "fulfilled";
          promise.value = loaded.default;
          return loaded.default;
        });
      promise.status = "pending";
      module = promise;
    }
    return module;
  };
  loaders.push(() => load());
  return { name, load };
}

/** Marks the island's wrapper once its content is live (tests and tools wait for it). */
function HydratedMarker({ frame }: { frame: React.RefObject<HTMLDivElement | null> }) {
  useEffect(() => frame.current?.setAttribute("data-island-hydrated", ""), [frame]);
  return null;
}

function IslandContent<P extends object>({ module, props }: { module: IslandModule<P>; props: P }) {
  const prerendered =
    typeof document === "undefined" ? null : document.querySelector(`[data-island="${module.name}"]`);
  // Server HTML present and nothing requested yet: we are hydrating; wait until it is near the viewport.
  const Component = use(module.load(prerendered ? () => whenNear(prerendered) : undefined));
  return <Component {...props} />;
}

/** Renders an island: in full on the server, hydrated near the viewport on the client. */
export function Island<P extends object>({ of, props }: { of: IslandModule<P>; props: P }) {
  const frame = useRef<HTMLDivElement>(null);
  return (
    <div data-island={of.name} ref={frame}>
      <Suspense fallback={null}>
        <IslandContent module={of} props={props} />
        <HydratedMarker frame={frame} />
      </Suspense>
    </div>
  );
}
