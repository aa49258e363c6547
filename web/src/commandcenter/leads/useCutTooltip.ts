/**
 * The tooltip of a value cut to its cell's width (LeadCells.tsx, CutText): whether the value is cut
 * at all, and while it is, its full text on hover and on keyboard focus, placed against the
 * viewport (position: fixed) so that it never widens the table's box or the page, and never leaves
 * the screen. It follows WCAG 1.4.13 (content on hover or focus): Escape dismisses it without
 * moving focus or the pointer, the pointer can move onto it (it starts where the value ends, with
 * no gap), and it stays until the pointer and focus leave, Escape, or a scroll takes the value off
 * the screen; a scroll that leaves it on the screen moves the tooltip with it.
 */
import {
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";

/** One observer for every cut value on the page (a list holds hundreds). */
let observer: ResizeObserver | undefined;
const remeasure = new WeakMap<Element, () => void>();

function observe(element: Element, measure: () => void): () => void {
  if (typeof ResizeObserver === "undefined") return () => {};
  observer ??= new ResizeObserver((entries) => {
    for (const entry of entries) remeasure.get(entry.target)?.();
  });
  remeasure.set(element, measure);
  observer.observe(element);
  return () => {
    observer?.unobserve(element);
    remeasure.delete(element);
  };
}

/** Room kept between the tooltip and the viewport's edges, in CSS pixels. */
const EDGE = 8;

/** Whether any of a box lies inside the viewport. */
function onScreen(box: DOMRect): boolean {
  return box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth;
}

/** Where the tooltip goes: under the value, or above it when there is no room below. */
function placement(value: DOMRect, tip: DOMRect): CSSProperties {
  const left = Math.max(EDGE, Math.min(value.left, window.innerWidth - tip.width - EDGE));
  const below = value.bottom + tip.height <= window.innerHeight - EDGE;
  const top = below ? value.bottom : Math.max(EDGE, value.top - tip.height);
  return { left, top };
}

export function useCutTooltip(
  value: RefObject<HTMLElement | null>,
  tip: RefObject<HTMLElement | null>,
  text: string,
) {
  const [cut, setCut] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [style, setStyle] = useState<CSSProperties>({ visibility: "hidden" });
  const [scrolls, setScrolls] = useState(false);
  const open = cut && (hovered || focused) && !dismissed;
  /** The wrapper the pointer entered: the value and its tooltip. */
  const area = useRef<HTMLElement | null>(null);

  // Cut when its text needs more room than the cell gives it (wider, or more lines on a phone).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text is measured again.
  useLayoutEffect(() => {
    const element = value.current;
    if (!element) return;
    const measure = () =>
      setCut(element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight + 1);
    measure();
    return observe(element, measure);
  }, [value, text]);

  useLayoutEffect(() => {
    if (!open || !value.current || !tip.current) return;
    setStyle(placement(value.current.getBoundingClientRect(), tip.current.getBoundingClientRect()));
    setScrolls(tip.current.scrollHeight > tip.current.clientHeight);
  }, [open, value, tip]);

  useEffect(() => {
    if (!open) return;
    const close = () => setDismissed(true);
    const onScroll = (event: Event) => {
      // The tooltip's own scrolling (a long text) keeps it.
      if (event.target instanceof Node && tip.current?.contains(event.target)) return;
      // A scroll that leaves the value on the screen — the one the browser makes to bring a value
      // that takes focus into view, by Tab or a screen reader — moves the tooltip with it.
      const at = value.current?.getBoundingClientRect();
      const size = tip.current?.getBoundingClientRect();
      if (at && size && onScreen(at)) setStyle(placement(at, size));
      else close();
    };
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    // Escape while only the pointer is over it; a scroll would leave it where the value was.
    document.addEventListener("keydown", onEscape);
    window.addEventListener("scroll", onScroll, { capture: true, passive: true });
    window.addEventListener("resize", close);
    return () => {
      document.removeEventListener("keydown", onEscape);
      window.removeEventListener("scroll", onScroll, { capture: true });
      window.removeEventListener("resize", close);
    };
  }, [open, tip, value]);

  // The pointer leaves without a mouseleave when what it was over goes away: a tooltip that closes
  // under it (Escape, a scroll), as one does that covers its value for want of room on either side.
  // Where it goes next tells instead; otherwise the value would count as hovered until the pointer
  // came back, and its tooltip would stay open after focus left.
  useEffect(() => {
    if (!hovered) return;
    const onOver = (event: globalThis.MouseEvent) => {
      if (!(event.target instanceof Node && area.current?.contains(event.target))) setHovered(false);
    };
    document.addEventListener("mouseover", onOver);
    return () => document.removeEventListener("mouseover", onOver);
  }, [hovered]);

  const shown = (next: boolean) => {
    // Hidden until placed (the layout effect above places it as it opens); one already open stays.
    if (next && !open) setStyle({ visibility: "hidden" });
    setDismissed(false);
  };
  return {
    cut,
    open,
    style,
    /**
     * A text longer than the tooltip has room for scrolls in it, and the tooltip then takes focus
     * next after the value (Tab), so that the keyboard can scroll it too.
     */
    scrolls,
    /** On the wrapper of the value and its tooltip: hovering or focusing either keeps it open. */
    wrapper: {
      onMouseEnter: (event: MouseEvent<HTMLElement>) => {
        area.current = event.currentTarget;
        shown(true);
        setHovered(true);
      },
      onMouseLeave: () => setHovered(false),
      onFocus: () => {
        if (!focused) shown(true);
        setFocused(true);
      },
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
          setFocused(false);
      },
    },
    /** On the value itself, focusable while it is cut. */
    trigger: {
      /** The arrows scroll a tooltip longer than the screen has room for. */
      onKeyDown: (event: KeyboardEvent) => {
        if (!open || !tip.current) return;
        const step = { ArrowDown: 40, ArrowUp: -40, PageDown: 320, PageUp: -320 }[event.key];
        if (step === undefined) return;
        event.preventDefault();
        tip.current.scrollBy({ top: step });
      },
    },
  };
}
