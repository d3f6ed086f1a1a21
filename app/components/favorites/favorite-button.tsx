import { useEffect, useRef, useState } from "react";
import { useI18n } from "../i18n.tsx";
import { HeartIcon } from "../icons.tsx";
import { FAVORITE_FORMS, useFavorites } from "./favorites-context.tsx";

/**
 * The heart of a template. Signed in, it adds or removes the template from the favourites in place
 * (a plain form without scripts). A guest gets the log-in dialog instead (SPEC §4). `initial` is the
 * state a page already knows; without it the state is asked for with the other hearts on the page.
 */
export function FavoriteButton({
  templateId,
  initial,
  compact = false,
  name,
}: {
  templateId: number;
  initial?: boolean;
  compact?: boolean;
  /** The template's title: an icon-only heart says which template it is for. */
  name?: string;
}) {
  const { t, locale } = useI18n();
  const favorites = useFavorites();
  const signedIn = Boolean(favorites?.signedIn);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState("");
  const [fallback, setFallback] = useState(Boolean(initial));
  const favorite = favorites ? Boolean(favorites.state(templateId) ?? initial) : fallback;
  const api = useRef(favorites);
  api.current = favorites;

  // What the page knows goes into the shared state; otherwise the state is asked for (again after a log-in).
  // biome-ignore lint/correctness/useExhaustiveDependencies: signedIn re-runs it for the new visitor
  useEffect(() => {
    if (initial === undefined) api.current?.watch(templateId);
    else api.current?.set(templateId, initial);
  }, [templateId, initial, signedIn]);

  const label = favorite ? t("account.favorites.remove") : t("account.favorites.add");
  const show = (next: boolean) => {
    if (api.current) api.current.set(templateId, next);
    else setFallback(next);
  };

  const toggle = async (e: React.MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    if (!signedIn) {
      favorites?.askToLogIn();
      return;
    }
    if (busy) return;
    const next = !favorite;
    setBusy(true);
    show(next);
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
        show(!next);
        favorites?.askToLogIn();
      } else if (!res.ok || !body?.ok) {
        show(!next);
        setStatus(body?.message ?? t("account.favorites.failed"));
      } else {
        show(Boolean(body.favorite));
        setStatus(body.message ?? "");
      }
    } catch (error) {
      console.warn("favourite not saved", error);
      show(!next);
      setStatus(t("account.favorites.failed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="submit"
        form={favorite ? FAVORITE_FORMS.remove : FAVORITE_FORMS.add}
        name="templateId"
        value={templateId}
        onClick={toggle}
        aria-pressed={signedIn ? favorite : undefined}
        aria-label={compact ? (name ? `${label}: ${name}` : label) : undefined}
        title={label}
        className={compact ? "fav-button" : "btn-secondary aria-pressed:text-rose-700"}
      >
        <HeartIcon className={favorite ? "fill-current" : undefined} />
        {compact ? null : <span>{label}</span>}
      </button>
      {status ? (
        <span role="status" className="sr-only">
          {status}
        </span>
      ) : null}
    </>
  );
}
