import { useRef } from "react";
import { config } from "../../config";
import { Link, useLocation } from "../../routing/router";
import { ButtonLink, trackLink } from "../ui/Button";
import styles from "./Header.module.css";
import { Logo } from "./Logo";
import { MegaMenu } from "./MegaMenu";
import { MobileMenu } from "./MobileMenu";
import { DEMO_PATH, PLATFORM, SIGNUP_PATH, SOLUTIONS, TOP_LINKS } from "./navigation";
import { useMegaMenus } from "./useMegaMenus";

export function Header() {
  const nav = useRef<HTMLElement>(null);
  const menus = useMegaMenus(nav);
  const { pathname } = useLocation();
  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <Logo />
        <nav ref={nav} className={styles.nav} aria-label="Main">
          <MegaMenu id="solutions" label="Solutions" items={SOLUTIONS} menus={menus} />
          <MegaMenu
            id="platform"
            label="Platform"
            items={PLATFORM}
            menus={menus}
            footer={{ label: "Try the interactive live demo", href: config.appUrls.liveDemo }}
          />
          {TOP_LINKS.map((link) => (
            <Link
              key={link.path}
              to={link.path}
              className={styles.link}
              aria-current={pathname === link.path ? "page" : undefined}
              onClick={() => trackLink({ event: "navigation_click", label: link.label })}
            >
              {link.label}
            </Link>
          ))}
        </nav>
        <div className={styles.actions}>
          <a
            className={styles.link}
            href={config.appUrls.login}
            onClick={() => trackLink({ event: "navigation_click", label: "Log in" })}
          >
            Log in
          </a>
          <ButtonLink
            to={DEMO_PATH}
            variant="secondary"
            size="small"
            track={{ event: "cta_click", label: "Schedule a Demo" }}
          >
            Schedule a Demo
          </ButtonLink>
          <ButtonLink
            to={SIGNUP_PATH}
            size="small"
            track={{ event: "cta_click", label: "Header: Get Started" }}
          >
            Get Started
          </ButtonLink>
        </div>
        <MobileMenu />
      </div>
    </header>
  );
}
