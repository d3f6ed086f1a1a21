import { useEffect, useId, useRef, useState } from "react";
import { Link, useMatches, useRevalidator } from "react-router";
import { GraphqlRequestError, graphql } from "#app/lib/graphql-client.ts";
import { LIMIT_TAGS } from "#config/constants.ts";
import { useI18n } from "../i18n.tsx";
import { CheckIcon } from "../icons.tsx";
import { LogoutForm } from "../layout/logout-form.tsx";

type InterestTag = { id: number; type: "category" | "tag"; content: { name: string } };

const TAGS_QUERY = `query Tags($where: TagWhere, $orderBy: TagOrderBy, $limit: Int) {
  tags(where: $where, orderBy: $orderBy, limit: $limit) { list { id type content { name } } totalCount }
}`;
const SAVE_MUTATION = "mutation UpdateAccountInterests($tagIds: [Int!]!) { updateAccountInterests(tagIds: $tagIds) }";

/**
 * What a route may declare in its `handle`: `interests: false` keeps the interests dialog shut on it and
 * on every route under it (the member's own pages, where the account is managed, deleted or signed out of).
 */
export type InterestsHandle = { interests?: false };

/** The dialog, unless a route on the way to the page refused it (InterestsHandle). */
export function InterestsDialog() {
  const refused = useMatches().some((m) => (m.handle as InterestsHandle | undefined)?.interests === false);
  return refused ? null : <AskInterests />;
}

/**
 * The interests dialog (SPEC §4): for a signed-in account without interests, once the tags have loaded.
 * No close button and Escape does nothing: it closes after a successful save. It never opens over the
 * member's own pages (InterestsHandle), and it links to the settings and to the log-out.
 * Choosing toggles a topic, but the last chosen one stays ('The interest field is required.'). A failed
 * load shows nothing.
 */
function AskInterests() {
  const { t, locale, href } = useI18n();
  const [tags, setTags] = useState<InterestTag[] | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const errorId = useId();
  const revalidator = useRevalidator();

  useEffect(() => {
    const controller = new AbortController();
    graphql<{ tags: { list: InterestTag[] } }>(
      TAGS_QUERY,
      { where: { type: { in: ["category", "tag"] } }, orderBy: { field: "id", direction: "asc" }, limit: LIMIT_TAGS },
      { locale, signal: controller.signal },
    )
      .then((data) => setTags(data.tags.list))
      // SPEC §8: a failed load of the interests is swallowed; the dialog simply does not open.
      .catch((e) => {
        if (!controller.signal.aborted) console.warn("interests not loaded", e);
      });
    return () => controller.abort();
  }, [locale]);

  useEffect(() => {
    const d = ref.current;
    if (d && tags?.length && !done && !d.open) d.showModal();
    if (d?.open && done) d.close();
  }, [tags, done]);

  const toggle = (id: number) => {
    setError(null);
    setChosen((c) => {
      if (!c.includes(id)) return [...c, id];
      if (c.length === 1) {
        setError(t("account.interests.errors.required"));
        return c;
      }
      return c.filter((x) => x !== id);
    });
  };

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!chosen.length) {
      setError(t("account.interests.errors.required"));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await graphql<{ updateAccountInterests: boolean }>(SAVE_MUTATION, { tagIds: chosen }, { locale });
      setDone(true);
      revalidator.revalidate();
    } catch (err) {
      console.warn("interests not saved", err);
      setError(
        err instanceof GraphqlRequestError && err.errors[0]?.extensions?.code === "BAD_USER_INPUT"
          ? err.message
          : t("account.interests.errors.failed"),
      );
    } finally {
      setSaving(false);
    }
  };

  if (!tags?.length || done) return null;
  const groups = (["category", "tag"] as const)
    .map((type) => ({ type, list: tags.filter((x) => x.type === type) }))
    .filter((g) => g.list.length);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(e) => e.preventDefault()}
      className="fixed inset-0 m-auto max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl bg-surface p-0 text-ink shadow-lift backdrop:bg-ink/50"
      data-interests-dialog
    >
      <div className="h-1.5 rounded-t-2xl bg-brand-600" />
      <form onSubmit={save} className="flex flex-col gap-5 p-6 sm:p-8" noValidate>
        <div>
          <h2 id={titleId} className="text-2xl font-bold tracking-tight">
            {t("account.interests.title")}
          </h2>
          <p id={textId} className="mt-2 text-ink-soft">
            {t("account.interests.intro")}
          </p>
        </div>
        {groups.map((g) => (
          <fieldset key={g.type} className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
            <legend className="mb-2 text-sm font-semibold text-ink-muted">
              {t(g.type === "category" ? "account.interests.categories" : "account.interests.topics")}
            </legend>
            <ul className="flex flex-wrap gap-2">
              {g.list.map((tag) => {
                const on = chosen.includes(tag.id);
                return (
                  <li key={tag.id}>
                    <button
                      type="button"
                      aria-pressed={on}
                      onClick={() => toggle(tag.id)}
                      className={`inline-flex items-center gap-1.5 rounded-full border px-3.5 py-2 text-sm font-medium transition-colors ${on ? "border-brand-600 bg-brand-600 text-white" : "border-line bg-surface text-ink hover:border-brand-200 hover:bg-brand-50"}`}
                    >
                      {on ? <CheckIcon width={16} height={16} /> : null}
                      {tag.content.name}
                    </button>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))}
        <p id={errorId} role="alert" className="min-h-5 text-sm text-red-700">
          {error ?? ""}
        </p>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-ink-muted" aria-live="polite">
            {t("account.interests.chosen", { count: chosen.length })}
          </p>
          <button type="submit" className="btn-primary px-6" disabled={saving}>
            {saving ? t("account.interests.saving") : t("account.interests.save")}
          </button>
        </div>
      </form>
      {/* No close button (SPEC §2), but no trap: the settings (and deletion) and the log-out are a click away. */}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-t border-line px-6 py-4 text-sm text-ink-muted sm:px-8">
        <span>{t("account.interests.elsewhere")}</span>
        <Link
          to={href("/profile/settings")}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          {t("account.interests.account")}
        </Link>
        <LogoutForm className="cursor-pointer font-semibold text-brand-700 underline-offset-2 hover:underline" />
      </div>
    </dialog>
  );
}
