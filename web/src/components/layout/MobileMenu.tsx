import { useEffect, useState } from "react";
import { config } from "../../config";
import { Link, useLocation } from "../../routing/router";
import { ButtonLink, trackLink } from "../ui/Button";
import { Icon } from "../ui/Icon";
import styles from "./MobileMenu.module.css";
import { DEMO_PATH, PLATFORM, SIGNUP_PATH, SOLUTIONS, TOP_LINKS } from "./navigation";

const PANEL_ID = "mobile-menu";

/** The collapsible menu below 1080 px: a disclosure button and a panel with every link. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const { pathname, search } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the location changes
  useEffect(() => setOpen(false), [pathname, search]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  const follow = (label: string) => trackLink({ event: "navigation_click", label: `Mobile: ${label}` });

  return (
    <div className={styles.mobile}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={PANEL_ID}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name={open ? "close" : "menu"} size={24} />
        <span className="visually-hidden">Menu</span>
      </button>
      {/* Only while open, as the mega-menus' panels (./MegaMenu.tsx). */}
      {open && (
        <nav id={PANEL_ID} className={styles.panel} aria-label="Mobile">
          {[
            { heading: "Solutions", items: SOLUTIONS },
            { heading: "Platform", items: PLATFORM },
          ].map((group) => (
            <section key={group.heading} className={styles.group}>
              <h2 className={styles.heading}>{group.heading}</h2>
              <ul className={styles.list}>
                {group.items.map((item) => (
                  <li key={item.path}>
                    <Link to={item.path} className={styles.link} onClick={() => follow(item.label)}>
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <ul className={`${styles.list} ${styles.group}`}>
            {TOP_LINKS.map((link) => (
              <li key={link.path}>
                <Link to={link.path} className={styles.link} onClick={() => follow(link.label)}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <a className={styles.link} href={config.appUrls.login} onClick={() => follow("Log in")}>
                Log in
              </a>
            </li>
            <li>
              <a className={styles.link} href={config.appUrls.liveDemo} onClick={() => follow("Live demo")}>
                Interactive live demo
              </a>
            </li>
          </ul>
          <div className={styles.actions}>
            <ButtonLink
              to={DEMO_PATH}
              variant="secondary"
              block
              track={{ event: "cta_click", label: "Schedule a Demo" }}
            >
              Schedule a Demo
            </ButtonLink>
            <ButtonLink to={SIGNUP_PATH} block track={{ event: "cta_click", label: "Mobile: Get Started" }}>
              Get Started
            </ButtonLink>
          </div>
        </nav>
      )}
    </div>
  );
}
