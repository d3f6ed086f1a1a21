import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { type FavoriteAnswer, isNoAnswer } from "#app/routes/actions/answers.ts";
import { useI18n } from "../i18n.tsx";
import { HeartIcon } from "../icons.tsx";
import { useToast } from "../ui/toast.tsx";
import { FAVORITE_FORMS, useFavorites } from "./favorites-context.tsx";

/**
 * The heart of a template. Signed in, it adds or removes the template from the favourites in place
 * (the favourites route's action through a fetcher; a plain form without scripts). A guest gets the log-in dialog instead (SPEC §4). `initial` is the
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
  const { t, href } = useI18n();
  const favorites = useFavorites();
  const signedIn = Boolean(favorites?.signedIn);
  const fetcher = useFetcher<FavoriteAnswer>();
  /** The state the last press asked for, until its answer is in. */
  const asked = useRef<boolean | null>(null);
  const toast = useToast();
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

  const toggle = (e: React.MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    if (!signedIn) {
      favorites?.askToLogIn();
      return;
    }
    if (asked.current !== null) return;
    const next = !favorite;
    asked.current = next;
    api.current?.press(templateId);
    show(next);
    // Only this heart changes: the page's data is not asked again.
    void fetcher.submit(
      { templateId, favorite: String(next) },
      { method: "post", action: href("/favorites"), defaultShouldRevalidate: false },
    );
  };

  // The answer: the heart as the server kept it, or back as it was (with the reason, or the log-in dialog).
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer once
  useEffect(() => {
    const answer = fetcher.data;
    const next = asked.current;
    if (fetcher.state !== "idle" || !answer || next === null) return;
    asked.current = null;
    if (isNoAnswer(answer)) {
      show(!next);
      toast({ tone: "error", message: t("account.favorites.failed") });
    } else if (!answer.ok) {
      show(!next);
      if (answer.code === "account.favorites.errors.loginRequired") favorites?.askToLogIn();
      else toast({ tone: "error", message: answer.message });
    } else {
      show(answer.favorite);
      toast({ tone: "success", message: answer.message });
    }
  }, [fetcher.state, fetcher.data]);

  return (
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
  );
}
