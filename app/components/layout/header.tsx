import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import type { NavTag } from "#app/root.tsx";
import { UI } from "#config/browser.ts";
import { useI18n } from "../i18n.tsx";
import { CloseIcon, LogoMark, MenuIcon } from "../icons.tsx";
import { SearchBox } from "../search/search-box.tsx";
import { AccountMenu } from "./account-menu.tsx";
import { LanguagePicker } from "./language-picker.tsx";
import { NavStrip, type StripItem } from "./nav-strip.tsx";

/** The phone menu, fetched on its first opening. */
const PhoneMenu = lazy(() => import("./phone-menu.tsx").then((m) => ({ default: m.PhoneMenu })));

export function templateStrip(nav: NavTag[]): StripItem[] {
  return nav.map((tag) => ({ id: tag.id, path: `/${tag.slug}`, name: tag.name, iconName: tag.iconName }));
}

/**
 * The header: logo, main links, search, language, account; then the navigation strip (the template
 * categories, or the blog's in the blog layout, with its own label).
 */
export function Header({ strip, stripLabel }: { strip: StripItem[]; stripLabel?: string }) {
  const { t, href } = useI18n();
  const [scrolled, setScrolled] = useState(false);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > UI.headerScrollThresholdPx);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // A route change closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  // Scrolled, the header's border and shadow show (app.css: header-shell, header-bar, from data-scrolled).
  // On phones only the top rows (logo, account, menu, search) stay on screen; the navigation strip scrolls
  // away with the page (the header is `display: contents` there, its first block the sticky one), so the
  // sticky part takes a small share of a phone's height. From md up the whole header sticks.
  return (
    <header className="header-shell" data-scrolled={scrolled ? "true" : "false"}>
      <div className="header-bar" data-header-top="">
        {/* One search box: on phones it wraps to a row of its own under the logo. */}
        <div className="header-row">
          <Link to={href("/")} className="header-logo">
            <LogoMark />
            <span>{t("common.brand")}</span>
          </Link>
          <nav aria-label={t("common.nav.main")} className="header-nav">
            <NavLink
              to={href("/templates")}
              className={({ isActive }) => `btn-ghost ${isActive ? "text-brand-700" : ""}`}
            >
              {t("common.nav.templates")}
            </NavLink>
            <NavLink to={href("/blog")} className={({ isActive }) => `btn-ghost ${isActive ? "text-brand-700" : ""}`}>
              {t("common.nav.blog")}
            </NavLink>
            <NavLink
              to={href("/pricing")}
              className={({ isActive }) => `btn-ghost ${isActive ? "text-brand-700" : ""}`}
            >
              {t("common.nav.pricing")}
            </NavLink>
          </nav>
          <SearchBox className="header-search" />
          <div className="header-actions">
            <LanguagePicker className="hidden sm:inline-flex" />
            <AccountMenu />
            <button
              ref={buttonRef}
              type="button"
              className="btn-ghost px-2.5 md:hidden"
              aria-expanded={open}
              aria-controls={open ? menuId : undefined}
              aria-label={open ? t("common.nav.closeMenu") : t("common.nav.openMenu")}
              onClick={() => setOpen((v) => !v)}
            >
              {open ? <CloseIcon /> : <MenuIcon />}
            </button>
          </div>
        </div>
        {/* The menu is drawn when opened (its button needs scripts anyway); its code is fetched then. It
            opens under the sticky rows, wherever the page is scrolled to. */}
        {open ? (
          <Suspense fallback={null}>
            <PhoneMenu id={menuId} strip={strip} />
          </Suspense>
        ) : null}
      </div>
      {strip.length ? <NavStrip items={strip} label={stripLabel ?? t("common.nav.strip")} /> : null}
    </header>
  );
}
