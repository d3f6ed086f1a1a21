import { useState } from "react";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import type { RootData } from "#app/root.tsx";
import { useI18n } from "../i18n.tsx";
import { HeartIcon } from "../icons.tsx";
import { Dialog } from "../ui/dialog.tsx";

/**
 * The heart of a template. Signed in, it adds or removes the template from the favourites in place
 * (a plain form without scripts). A guest gets the log-in dialog instead (SPEC §4).
 */
export function FavoriteButton({
  templateId,
  initial,
  compact = false,
}: {
  templateId: number;
  initial: boolean;
  compact?: boolean;
}) {
  const { t, href, locale } = useI18n();
  const root = useRouteLoaderData<RootData>("root");
  const location = useLocation();
  const signedIn = Boolean(root?.viewer);
  const [favorite, setFavorite] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState(false);
  const [status, setStatus] = useState("");
  const back = `${location.pathname}${location.search}`;
  const label = favorite ? t("account.favorites.remove") : t("account.favorites.add");

  const toggle = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!signedIn) {
      setDialog(true);
      return;
    }
    if (busy) return;
    const next = !favorite;
    setBusy(true);
    setFavorite(next);
    try {
      const res = await fetch("/api/favorites", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ templateId, favorite: next, locale }),
      });
      const body = (await res.json().catch(() => null)) as {
        ok?: boolean;
        favorite?: boolean;
        message?: string;
      } | null;
      if (res.status === 401) {
        setFavorite(!next);
        setDialog(true);
      } else if (!res.ok || !body?.ok) {
        setFavorite(!next);
        setStatus(body?.message ?? t("account.favorites.failed"));
      } else {
        setFavorite(Boolean(body.favorite));
        setStatus(body.message ?? "");
      }
    } catch (error) {
      console.warn("favourite not saved", error);
      setFavorite(!next);
      setStatus(t("account.favorites.failed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form method="post" action="/api/favorites" onSubmit={toggle} className="contents">
        <input type="hidden" name="templateId" value={templateId} />
        <input type="hidden" name="favorite" value={favorite ? "false" : "true"} />
        <input type="hidden" name="locale" value={locale} />
        <button
          type="submit"
          aria-pressed={signedIn ? favorite : undefined}
          aria-label={compact ? label : undefined}
          title={label}
          className={
            compact
              ? `relative z-10 inline-flex size-9 items-center justify-center rounded-full bg-surface/95 shadow-card ring-1 ring-line transition-colors hover:text-rose-600 ${favorite ? "text-rose-600" : "text-ink-soft"}`
              : `btn-secondary ${favorite ? "text-rose-700" : ""}`
          }
          data-favorite={favorite ? "true" : "false"}
        >
          <HeartIcon fill={favorite ? "currentColor" : "none"} />
          {compact ? null : <span>{label}</span>}
        </button>
      </form>
      <span role="status" className="sr-only">
        {status}
      </span>
      <Dialog
        open={dialog}
        onClose={() => setDialog(false)}
        title={t("auth.dialog.title")}
        actions={
          <>
            <Link to={`${href("/signup")}?redirect=${encodeURIComponent(back)}`} className="btn-secondary">
              {t("auth.dialog.signup")}
            </Link>
            <Link to={`${href("/login")}?redirect=${encodeURIComponent(back)}`} className="btn-primary">
              {t("auth.dialog.login")}
            </Link>
          </>
        }
      >
        <p>{t("auth.dialog.text")}</p>
      </Dialog>
    </>
  );
}
