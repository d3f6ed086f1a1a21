import { useMemo } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useI18n } from "#app/components/i18n.tsx";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/search";
import { type DeskActionData, searchDeskAction, searchDeskLoader } from "./search.server.ts";

/** The search desk: searches that found nothing (with a term to teach the search) and the vocabulary. */
export const loader = (args: Route.LoaderArgs) => searchDeskLoader(args);
export const action = (args: Route.ActionArgs) => searchDeskAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

const D = "deskSearch";
type Data = Route.ComponentProps["loaderData"];
type Entry = Data["vocabulary"]["groups"][number];
type Failure = Extract<DeskActionData, { ok: false }>;

const card = "rounded-card bg-surface p-4 shadow-card ring-1 ring-line/60 sm:p-5";

export default function OperatorSearch({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href, locale } = useI18n();
  const { zero, days, vocabulary, findTyped } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : null;
  const failedFor = (form: string) => (failed?.form === form ? failed : null);
  const number = useMemo(() => new Intl.NumberFormat(locale), [locale]);
  const percent = useMemo(
    () => new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }),
    [locale],
  );
  const date = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }), [locale]);
  const languages = useMemo(() => new Intl.DisplayNames([locale], { type: "language" }), [locale]);
  // A refusal no form on the page can show (an entry removed meanwhile, a form the page never drew) shows here.
  const forms = new Set([
    "new:save-group",
    "new:save-related",
    ...[...vocabulary.groups, ...vocabulary.related].map((e) => `entry:${e.id}`),
    ...zero.items.map((z) => `zero:${z.query}`),
  ]);
  const orphan = failed && !forms.has(failed.form) ? failed : null;
  // An outcome shows where its form is (the page keeps its scroll after a post); one whose form is gone at the top.
  const done = actionData?.ok ? actionData : null;
  const doneFor = (form: string) => (done?.form === form ? done : null);
  const pageHref = (p: number) => {
    const q = new URLSearchParams();
    if (p > 1) q.set("page", String(p));
    if (findTyped) q.set("find", findTyped);
    const s = q.toString();
    return `${href("/operator/search")}${s ? `?${s}` : ""}`;
  };
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">{t(`${D}.title`)}</h1>
        <p className="max-w-3xl text-ink-muted">{t(`${D}.intro`)}</p>
        <nav aria-label={t(`${D}.sections`)} className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
          <a href="#zero-title" className="text-link">
            {t(`${D}.zero.title`)}
          </a>
          <a href="#vocab-title" className="text-link">
            {t(`${D}.vocab.title`)}
          </a>
        </nav>
      </header>

      {done && !forms.has(done.form) ? <Outcome data={done} /> : null}
      {orphan ? (
        <p role="alert" className="rounded-card bg-red-50 p-4 text-sm font-medium text-red-800 ring-1 ring-red-200">
          {t(orphan.message, orphan.params)}
        </p>
      ) : null}

      <section aria-labelledby="zero-title" className="flex flex-col gap-4">
        <div>
          <h2 id="zero-title" className="text-xl font-semibold text-ink">
            {t(`${D}.zero.title`)}
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-ink-muted">{t(`${D}.zero.intro`, { days })}</p>
          {zero.rate.searches > 0 ? (
            <p className="mt-2 text-sm font-medium text-ink" data-testid="zero-rate">
              {t(`${D}.zero.rate`, {
                zero: number.format(zero.rate.zeroResults),
                searches: number.format(zero.rate.searches),
                rate: percent.format(zero.rate.rate),
              })}
            </p>
          ) : null}
        </div>
        {zero.items.length === 0 ? (
          <p className="rounded-card bg-surface p-6 text-ink-muted ring-1 ring-line/60">
            {t(`${D}.zero.empty`, { days })}
          </p>
        ) : (
          <ol className="flex flex-col gap-3">
            {zero.items.map((z) => (
              <li key={z.query} className={card} data-testid="zero-query">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <p className="min-w-0 break-words text-base font-semibold text-ink">
                    <span className="sr-only">{t(`${D}.zero.query`)}: </span>
                    {t(`${D}.zero.quoted`, { query: z.query })}
                  </p>
                  <p className="text-sm text-ink-muted">
                    {t(`${D}.zero.people`, { count: z.clients })} · {t(`${D}.zero.searches`, { count: z.searches })} ·{" "}
                    {t(`${D}.zero.last`, { date: date.format(new Date(z.lastAt)) })}
                  </p>
                </div>
                <p className="mt-1 text-sm text-ink-muted">
                  {t(`${D}.zero.languages`)}: {z.locales.map((l) => languages.of(l) ?? l).join(", ")}
                </p>
                {z.nowFinds > 0 && failedFor(`zero:${z.query}`) ? (
                  <p
                    role="alert"
                    className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200"
                  >
                    {t(failed?.message ?? "", failed?.params)}
                  </p>
                ) : null}
                {z.nowFinds > 0 ? (
                  <p className="mt-3 inline-flex rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200">
                    {t(`${D}.zero.nowFinds`, { count: z.nowFinds })}
                  </p>
                ) : (
                  <ZeroActions query={z.query} suggestion={z.suggestion} failed={failedFor(`zero:${z.query}`)} />
                )}
                {doneFor(`zero:${z.query}`) ? (
                  <div className="mt-4">
                    <Outcome data={doneFor(`zero:${z.query}`) as NonNullable<typeof done>} />
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
        )}
        {zero.page > 1 || zero.hasNext ? (
          <nav aria-label={t(`${D}.zero.pages`)} className="flex gap-3">
            {zero.page > 1 ? (
              <Link to={pageHref(zero.page - 1)} className="btn-secondary">
                {t(`${D}.zero.previous`)}
              </Link>
            ) : null}
            {zero.hasNext ? (
              <Link to={pageHref(zero.page + 1)} className="btn-secondary">
                {t(`${D}.zero.next`)}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>

      <section aria-labelledby="vocab-title" className="flex flex-col gap-5">
        <div>
          <h2 id="vocab-title" className="text-xl font-semibold text-ink">
            {t(`${D}.vocab.title`)}
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-ink-muted">{t(`${D}.vocab.intro`)}</p>
          <p className="mt-2 text-sm font-medium text-ink">{t(`${D}.vocab.count`, { count: vocabulary.total })}</p>
        </div>
        <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
          <div className="flex min-w-0 flex-col gap-1.5">
            <label htmlFor="vocab-find" className="field-label">
              {t(`${D}.vocab.find`)}
            </label>
            <input
              id="vocab-find"
              name="find"
              type="search"
              defaultValue={findTyped}
              className="field-input w-64 max-w-full"
            />
          </div>
          <button type="submit" className="btn-secondary">
            {t(`${D}.vocab.findSubmit`)}
          </button>
          {vocabulary.find ? (
            <Link to={href("/operator/search")} className="btn-ghost">
              {t(`${D}.vocab.showAll`)}
            </Link>
          ) : null}
        </Form>
        {vocabulary.find && !vocabulary.groups.length && !vocabulary.related.length ? (
          <p className="rounded-card bg-surface p-6 text-ink-muted ring-1 ring-line/60">
            {t(`${D}.vocab.noMatch`, { find: vocabulary.find })}
          </p>
        ) : null}

        <EntryList
          kind="group"
          entries={vocabulary.groups}
          failedFor={failedFor}
          doneFor={doneFor}
          title={t(`${D}.groups.title`)}
          intro={t(`${D}.groups.intro`)}
          empty={vocabulary.find ? null : t(`${D}.groups.empty`)}
        />
        <EntryList
          kind="related"
          entries={vocabulary.related}
          failedFor={failedFor}
          doneFor={doneFor}
          title={t(`${D}.related.title`)}
          intro={t(`${D}.related.intro`)}
          empty={vocabulary.find ? null : t(`${D}.related.empty`)}
        />
      </section>
    </div>
  );
}

/** What a change did: a synonym added from a search (with what that search now finds), or a saved entry. */
function Outcome({ data }: { data: Extract<DeskActionData, { ok: true }> }) {
  const { t, href } = useI18n();
  const added = data.added;
  if (!added)
    return (
      <div
        role="status"
        className="rounded-card bg-emerald-50 p-4 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200"
      >
        <p>{t(data.message)}</p>
        {data.alsoIn?.map((a) => (
          <p key={a.term} className="mt-1 font-normal">
            {t(`${D}.groups.alsoIn`, { term: a.term, groups: a.groups.join("”, “") })}
          </p>
        ))}
      </div>
    );
  return (
    <div role="status" className="rounded-card bg-emerald-50 p-4 ring-1 ring-emerald-200 sm:p-5" data-testid="added">
      <p className="font-semibold text-emerald-900">{t(data.message, { phrase: added.phrase, term: added.term })}</p>
      <p className="mt-1 text-sm text-emerald-900">
        {added.total > 0
          ? t(`${D}.added.finds`, { count: added.total, query: added.query })
          : t(`${D}.added.nothing`, { query: added.query })}
      </p>
      {added.items.length ? (
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {added.items.map((c) => (
            <li key={c.id} className="min-w-0">
              <Link
                to={href(`/template/${c.slug}`)}
                className="group block overflow-hidden rounded-lg bg-surface ring-1 ring-line/60"
              >
                <span className="block aspect-video bg-canvas">
                  {c.image ? (
                    <img
                      src={c.image}
                      alt=""
                      width={320}
                      height={180}
                      loading="lazy"
                      className="h-full w-full object-cover"
                    />
                  ) : null}
                </span>
                <span className="block truncate px-2 py-1.5 text-sm font-medium text-ink group-hover:underline">
                  {c.title}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-3 text-sm">
        <Link
          to={`${href("/search")}?q=${encodeURIComponent(added.query)}`}
          className="font-medium text-brand-700 hover:underline"
        >
          {t(`${D}.added.seeAll`)}
        </Link>
      </p>
    </div>
  );
}

/** A zero-result search's actions: the suggested term in one click, or a term the operator types. */
function ZeroActions(props: {
  query: string;
  suggestion: { phrase: string; term: string; finds: number } | null;
  failed: Failure | null;
}) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("query") === props.query;
  const { suggestion, failed } = props;
  const fieldId = `zero-term-${encodeURIComponent(props.query).replace(/%/g, "_")}`;
  return (
    <div className="mt-3 flex flex-col gap-3">
      {failed ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          {t(failed.message, failed.params)}
        </p>
      ) : null}
      {suggestion ? (
        <Form method="post" className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <input type="hidden" name="intent" value="add-synonym" />
          <input type="hidden" name="query" value={props.query} />
          <input type="hidden" name="phrase" value={suggestion.phrase} />
          <input type="hidden" name="term" value={suggestion.term} />
          <button type="submit" className="btn-primary" disabled={busy}>
            {t(`${D}.zero.addSuggested`, { phrase: suggestion.phrase, term: suggestion.term })}
          </button>
          <span className="text-sm text-ink-muted">
            {t(`${D}.zero.suggestion`, { term: suggestion.term, count: suggestion.finds })}
          </span>
        </Form>
      ) : (
        <p className="text-sm text-ink-muted">{t(`${D}.zero.noSuggestion`)}</p>
      )}
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="add-synonym" />
        <input type="hidden" name="query" value={props.query} />
        <input type="hidden" name="phrase" value={props.query} />
        <div className="flex w-full min-w-0 flex-col gap-1.5 sm:w-auto sm:max-w-sm sm:flex-1">
          <label htmlFor={fieldId} className="field-label">
            {suggestion ? t(`${D}.zero.other`) : t(`${D}.zero.otherLabel`, { query: props.query })}
          </label>
          <input
            id={fieldId}
            name="term"
            type="text"
            defaultValue={failed?.values.term !== suggestion?.term ? (failed?.values.term ?? "") : ""}
            className="field-input"
            aria-invalid={failed ? true : undefined}
          />
        </div>
        <button type="submit" className="btn-secondary" disabled={busy}>
          {t(`${D}.zero.add`)}
        </button>
      </Form>
    </div>
  );
}

function EntryList(props: {
  kind: "group" | "related";
  entries: Entry[];
  failedFor: (form: string) => Failure | null;
  doneFor: (form: string) => Extract<DeskActionData, { ok: true }> | null;
  title: string;
  intro: string;
  empty: string | null;
}) {
  const { t } = useI18n();
  const intent = props.kind === "group" ? "save-group" : "save-related";
  const newFailed = props.failedFor(`new:${intent}`);
  const headingId = `${props.kind}-title`;
  return (
    <div className="flex flex-col gap-3">
      <div>
        <h3 id={headingId} className="text-lg font-semibold text-ink">
          {props.title}
        </h3>
        <p className="mt-1 max-w-3xl text-sm text-ink-muted">{props.intro}</p>
      </div>
      <details className={card} open={Boolean(newFailed)}>
        <summary className="cursor-pointer text-base font-semibold text-ink">
          {t(props.kind === "group" ? `${D}.groups.new` : `${D}.related.new`)}
        </summary>
        <EntryForm kind={props.kind} entry={null} failed={newFailed} />
      </details>
      {props.doneFor(`new:${intent}`) ? (
        <Outcome data={props.doneFor(`new:${intent}`) as Extract<DeskActionData, { ok: true }>} />
      ) : null}
      {props.entries.length === 0 ? (
        props.empty ? (
          <p className="rounded-card bg-surface p-6 text-ink-muted ring-1 ring-line/60">{props.empty}</p>
        ) : null
      ) : (
        <ul className="flex flex-col gap-3" aria-labelledby={headingId}>
          {props.entries.map((e) => (
            <EntryItem
              key={e.id}
              entry={e}
              failed={props.failedFor(`entry:${e.id}`)}
              done={props.doneFor(`entry:${e.id}`)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

const chip = "inline-flex max-w-full break-all rounded-full bg-canvas px-2.5 py-0.5 text-sm text-ink ring-1 ring-line";

function EntryItem({
  entry,
  failed,
  done,
}: {
  entry: Entry;
  failed: Failure | null;
  done: Extract<DeskActionData, { ok: true }> | null;
}) {
  const { t } = useI18n();
  const name = entry.kind === "related" ? (entry.head ?? "") : entry.terms.slice(0, 3).join(", ");
  const removeFailed = failed?.values.intent === "remove" ? failed : null;
  const editFailed = failed && !removeFailed ? failed : null;
  return (
    <li className={card} data-testid={`entry-${entry.kind}`}>
      <div className="flex flex-wrap items-center gap-1.5">
        {entry.kind === "related" ? (
          <>
            <span className={`${chip} font-semibold`}>{entry.head}</span>
            <span className="px-1 text-sm text-ink-muted">{t(`${D}.related.finds`)}</span>
          </>
        ) : null}
        {entry.terms.map((term) => (
          <span key={term} className={chip}>
            {term}
          </span>
        ))}
      </div>
      {entry.alsoIn.map((a) => (
        <p key={a.term} className="mt-2 text-sm text-amber-800">
          {t(`${D}.groups.alsoIn`, { term: a.term, groups: a.groups.join("”, “") })}
        </p>
      ))}
      {done ? (
        <div className="mt-3">
          <Outcome data={done} />
        </div>
      ) : null}
      {removeFailed ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          {t(removeFailed.message, removeFailed.params)}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        <details open={Boolean(editFailed)} className="min-w-0 flex-1">
          <summary className="cursor-pointer text-sm font-medium text-brand-700">
            {t(`${D}.form.edit`)}
            <span className="sr-only"> {t(`${D}.form.editEntry`, { name })}</span>
          </summary>
          <EntryForm kind={entry.kind} entry={entry} failed={editFailed} />
        </details>
        <details>
          <summary className="cursor-pointer text-sm font-medium text-red-700">
            {t(`${D}.form.remove`)}
            <span className="sr-only"> {t(`${D}.form.removeEntry`, { name })}</span>
          </summary>
          <Form method="post" className="mt-2 flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="id" value={entry.id} />
            <input type="hidden" name="stamp" value={entry.stamp} />
            <span className="text-sm text-ink-muted">{t(`${D}.form.removeConfirm`)}</span>
            <button type="submit" className="btn-secondary text-red-700">
              {t(`${D}.form.removeIt`)}
            </button>
          </Form>
        </details>
      </div>
    </li>
  );
}

function EntryForm({
  kind,
  entry,
  failed,
}: {
  kind: "group" | "related";
  entry: Entry | null;
  failed: Failure | null;
}) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const intent = kind === "group" ? "save-group" : "save-related";
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    (navigation.formData?.get("id") ?? "") === (entry ? String(entry.id) : "");
  const base = `${kind}-${entry?.id ?? "new"}`;
  // A stale form shows the entry as it is now; any other refusal keeps what was typed.
  const typed = failed && !failed.message.endsWith(".stale") ? failed.values : null;
  const terms = typed ? (typed.terms ?? "") : (entry?.terms.join("\n") ?? "");
  const head = typed ? (typed.head ?? "") : (entry?.head ?? "");
  const fieldError = (field: string) => (failed && failed.field === field ? t(failed.message, failed.params) : null);
  const formError =
    failed && failed.field !== "terms" && failed.field !== "head" ? t(failed.message, failed.params) : null;
  const termsError = fieldError("terms");
  const headError = fieldError("head");
  return (
    <Form method="post" className="mt-4 flex flex-col gap-4">
      <input type="hidden" name="intent" value={intent} />
      {entry ? (
        <>
          <input type="hidden" name="id" value={entry.id} />
          <input type="hidden" name="stamp" value={entry.stamp} />
        </>
      ) : null}
      {formError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          {formError}
        </p>
      ) : null}
      {kind === "related" ? (
        <div>
          <label htmlFor={`${base}-head`} className="field-label">
            {t(`${D}.form.head`)}
          </label>
          <input
            id={`${base}-head`}
            name="head"
            type="text"
            defaultValue={head}
            className="field-input sm:max-w-sm"
            aria-invalid={headError ? true : undefined}
            aria-describedby={headError ? `${base}-head-error` : undefined}
          />
          {headError ? (
            <p id={`${base}-head-error`} className="mt-1.5 text-sm font-medium text-red-700">
              {headError}
            </p>
          ) : null}
        </div>
      ) : null}
      <div>
        <label htmlFor={`${base}-terms`} className="field-label">
          {t(kind === "group" ? `${D}.form.terms` : `${D}.form.relatedTerms`)}
        </label>
        <textarea
          id={`${base}-terms`}
          name="terms"
          rows={Math.min(8, Math.max(3, (entry?.terms.length ?? 2) + 1))}
          defaultValue={terms}
          className="field-input resize-y"
          aria-invalid={termsError ? true : undefined}
          aria-describedby={`${base}-terms-hint${termsError ? ` ${base}-terms-error` : ""}`}
        />
        <p id={`${base}-terms-hint`} className="mt-1.5 text-sm text-ink-muted">
          {t(`${D}.form.termsHint`)}
        </p>
        {termsError ? (
          <p id={`${base}-terms-error`} className="mt-1.5 text-sm font-medium text-red-700">
            {termsError}
          </p>
        ) : null}
      </div>
      <div>
        <button type="submit" className="btn-primary" disabled={busy}>
          {t(entry ? `${D}.form.save` : `${D}.form.create`)}
        </button>
      </div>
    </Form>
  );
}
