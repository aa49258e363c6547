import { useCallback, useEffect, useRef, useState } from "react";

/** docs/product/site.md: a mega-menu closes 150 ms after the pointer leaves it. */
export const MENU_CLOSE_DELAY_MS = 150;

export type MenuId = "solutions" | "platform";

export interface MegaMenus {
  readonly open: MenuId | null;
  openMenu(id: MenuId): void;
  toggle(id: MenuId): void;
  close(): void;
  /** Pointer left: close after the delay unless it comes back. */
  scheduleClose(): void;
}

/** At most one mega-menu open at a time; outside clicks and Escape close it. */
export function useMegaMenus(containerRef: React.RefObject<HTMLElement | null>): MegaMenus {
  const [open, setOpen] = useState<MenuId | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const cancelClose = useCallback(() => window.clearTimeout(timer.current), []);
  const openMenu = useCallback(
    (id: MenuId) => {
      cancelClose();
      setOpen(id);
    },
    [cancelClose],
  );
  const close = useCallback(() => {
    cancelClose();
    setOpen(null);
  }, [cancelClose]);
  const toggle = useCallback(
    (id: MenuId) => {
      cancelClose();
      setOpen((current) => (current === id ? null : id));
    },
    [cancelClose],
  );
  const scheduleClose = useCallback(() => {
    cancelClose();
    timer.current = window.setTimeout(() => setOpen(null), MENU_CLOSE_DELAY_MS);
  }, [cancelClose]);

  useEffect(() => cancelClose, [cancelClose]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, close, containerRef]);

  return { open, openMenu, toggle, close, scheduleClose };
}
