import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import type { RootData } from "#app/root.tsx";
import { useI18n } from "../i18n.tsx";
import { UserIcon } from "../icons.tsx";
import { LogoutForm } from "./logout-form.tsx";

/**
 * The download counter of the account menu: used/limit, or a word for unlimited. It is the root loader's:
 * a download (a fetcher's action) revalidates it.
 */
function useDownloadsLabel() {
  const { t } = useI18n();
  const d = useRouteLoaderData<RootData>("root")?.viewer?.downloads;
  if (!d) return "";
  return d.limit === null ? t("auth.menu.unlimited") : `${d.used}/${d.limit}`;
}

/** The profile dropdown of SPEC §2, for a signed-in visitor (loaded only for them). */
export function MemberMenu() {
  const { t, href } = useI18n();
  const root = useRouteLoaderData<RootData>("root");
  const viewer = root?.viewer;
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const downloads = useDownloadsLabel();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the menu
  useEffect(() => setOpen(false), [location.key]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  if (!viewer) return null;
  const item =
    "flex items-center justify-between gap-4 rounded-md px-3 py-2 text-sm text-ink-soft hover:bg-brand-50 hover:text-brand-700";
  return (
    <div ref={wrap} className="relative" data-member-menu="">
      <button
        ref={button}
        type="button"
        className="btn-ghost px-2.5"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="sr-only">{t("auth.menu.open")}: </span>
        {viewer.avatarUrl ? (
          <img
            src={viewer.avatarUrl}
            alt=""
            width={32}
            height={32}
            className="size-8 rounded-full object-cover ring-1 ring-line"
          />
        ) : (
          <span className="inline-flex size-8 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <UserIcon width={18} height={18} />
          </span>
        )}
        <span className="hidden max-w-[10rem] truncate lg:inline">{viewer.name}</span>
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-50 mt-2 w-64 rounded-card bg-surface p-2 shadow-lift ring-1 ring-line"
      >
        <p className="truncate px-3 pt-2 pb-3 text-sm">
          <span className="block font-semibold text-ink">{viewer.name}</span>
          <span className="block text-ink-muted">@{viewer.username}</span>
        </p>
        <nav aria-label={t("auth.menu.open")} className="flex flex-col border-t border-line pt-2">
          <Link to={href("/profile")} className={item}>
            {t("auth.menu.profile")}
          </Link>
          <Link to={href("/profile/favorites")} className={item}>
            {t("auth.menu.favorites")}
          </Link>
          <Link to={href("/profile/downloads")} className={item}>
            <span>{t("auth.menu.downloads")}</span>
            <span className="rounded-full bg-canvas px-2 py-0.5 text-xs font-semibold tabular-nums ring-1 ring-line">
              {downloads}
            </span>
          </Link>
          <Link to={href("/profile/billing")} className={item}>
            {t("auth.menu.billing")}
          </Link>
          <Link to={`${href("/faq")}#help`} className={item}>
            {t("auth.menu.help")}
          </Link>
          {viewer.role === "operator" && (
            <Link to={href("/operator")} className={item} data-operator-link="">
              {t("auth.menu.operator")}
            </Link>
          )}
          <div className="mt-1 border-t border-line pt-1">
            <LogoutForm className={`${item} w-full text-left`} />
          </div>
        </nav>
      </div>
    </div>
  );
}
