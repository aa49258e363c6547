import { type KeyboardEvent, type PointerEvent, useRef } from "react";
import { Link } from "../../routing/router";
import { trackLink } from "../ui/Button";
import { Icon } from "../ui/Icon";
import styles from "./MegaMenu.module.css";
import type { NavItem } from "./navigation";
import type { MegaMenus, MenuId } from "./useMegaMenus";

interface MegaMenuProps {
  id: MenuId;
  label: string;
  items: readonly NavItem[];
  menus: MegaMenus;
  /** A closing link under the items (e.g. the interactive live demo). */
  footer?: { label: string; href: string };
}

/**
 * A disclosure-style mega-menu: opens on mouse hover (closing 150 ms after the pointer leaves),
 * on click / tap / Enter / Space on its button; Escape closes it and returns focus to the button.
 */
export function MegaMenu({ id, label, items, menus, footer }: MegaMenuProps) {
  const isOpen = menus.open === id;
  const trigger = useRef<HTMLButtonElement>(null);
  /** Opened by hovering: a click then keeps it open instead of toggling it shut. */
  const openedByHover = useRef(false);
  const panelId = `mega-menu-${id}`;

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    if (!isOpen) openedByHover.current = true;
    menus.openMenu(id);
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === "mouse" && isOpen) menus.scheduleClose();
  };
  const onClick = () => {
    if (openedByHover.current) {
      // A mouse user clicking the button of a menu their pointer just opened: keep it open.
      openedByHover.current = false;
      menus.openMenu(id);
      return;
    }
    menus.toggle(id);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !isOpen) return;
    event.stopPropagation();
    menus.close();
    trigger.current?.focus();
  };
  const onBlur = (event: React.FocusEvent<HTMLDivElement>) => {
    if (isOpen && event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node))
      menus.close();
  };
  const follow = (linkLabel: string) => {
    trackLink({ event: "navigation_click", label: `${label}: ${linkLabel}` });
    openedByHover.current = false;
    menus.close();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper is the hover area and catches Escape from its links; the control is the button
    <div
      className={styles.menu}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={onClick}
      >
        {label}
        <Icon name="chevronDown" size={16} className={styles.chevron} />
      </button>
      {/* Only while open: the closed panels were a sixth of every page's HTML, and nothing
          can open them before the app runs (docs/decisions/0113). */}
      {isOpen && (
        <div id={panelId} className={styles.panel}>
          <ul className={styles.grid}>
            {items.map((item) => (
              <li key={item.path}>
                <Link to={item.path} className={styles.item} onClick={() => follow(item.label)}>
                  <span className={styles.icon}>
                    <Icon name={item.icon} />
                  </span>
                  <span>
                    <span className={styles.itemLabel}>{item.label}</span>
                    <span className={styles.itemDescription}>{item.description}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {footer && (
            <a className={styles.footer} href={footer.href} onClick={() => follow(footer.label)}>
              {footer.label}
              <Icon name="arrowRight" size={16} />
            </a>
          )}
        </div>
      )}
    </div>
  );
}
