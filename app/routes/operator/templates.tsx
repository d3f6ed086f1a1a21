import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { useI18n } from "#app/components/i18n.tsx";
import { OperatorList } from "#app/components/operator/operator-list.tsx";
import { pageContext } from "#app/lib/route.server.ts";
import { samePath, seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/templates";

const STATES = ["published", "scheduled", "draft"] as const;

/** The catalogue's templates for the operator: publication state, latest version and why it failed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, ctx, url, locale, origin, t } = pageContext(request, context);
  const page = Number(url.searchParams.get("page") ?? "1");
  const rawState = url.searchParams.get("state");
  const state = STATES.find((s) => s === rawState) ?? null;
  const list = await app.services.templatesAdmin.listOperatorTemplates(ctx, {
    page: Number.isSafeInteger(page) ? page : 1,
    state,
  });
  return {
    items: list.items.map((i) => ({
      ...i,
      publishAt: i.publishAt?.toISOString() ?? null,
      publishedAt: i.publishedAt?.toISOString() ?? null,
      version: i.version
        ? {
            ...i.version,
            createdAt: i.version.createdAt.toISOString(),
            finishedAt: i.version.finishedAt?.toISOString() ?? null,
          }
        : null,
    })),
    page: list.page,
    hasNext: list.hasNext,
    state: state ?? "",
    seo: {
      origin,
      locale,
      title: t("account.operator.templates.metaTitle"),
      description: t("account.operator.templates.intro"),
      paths: samePath("/operator/templates"),
      noindex: true,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

/** One form for the three changes: publish now, schedule (a UTC date and time), unpublish. */
const changeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("publish"), templateId: z.coerce.number().int().positive().max(2_147_483_647) }),
  z.object({ intent: z.literal("unpublish"), templateId: z.coerce.number().int().positive().max(2_147_483_647) }),
  z.object({
    intent: z.literal("schedule"),
    templateId: z.coerce.number().int().positive().max(2_147_483_647),
    at: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: "account.operator.templates.errors.date" })
      // A real calendar moment: JavaScript would move 2026-02-30 to March without a word.
      .refine(
        (v) => {
          const d = new Date(`${v}:00Z`);
          return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 16) === v;
        },
        { error: "account.operator.templates.errors.date" },
      )
      .transform((v) => new Date(`${v}:00Z`)),
  }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const { app, ctx } = pageContext(request, context);
  const viewer = app.scope.viewer?.account;
  if (!viewer) return { ok: false as const, error: "account.operator.templates.errors.unknown", templateId: null };
  const form = Object.fromEntries(await request.formData());
  const parsed = changeSchema.safeParse(form);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const code = issue?.message.startsWith("account.") ? issue.message : "account.operator.templates.errors.invalid";
    return { ok: false as const, error: code, templateId: Number(form.templateId) || null };
  }
  const v = parsed.data;
  const publishAt = v.intent === "unpublish" ? null : v.intent === "schedule" ? v.at : ctx.clock.now();
  const r = await app.services.templatesAdmin.setTemplatePublication(
    ctx,
    { kind: "account", id: viewer.id, label: viewer.email },
    { templateId: v.templateId, publishAt },
  );
  if (!r.ok) return { ok: false as const, error: r.code, templateId: v.templateId };
  return { ok: true as const, error: null, templateId: v.templateId, state: r.value.state };
}

type Item = Route.ComponentProps["loaderData"]["items"][number];

export default function OperatorTemplates({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href, locale } = useI18n();
  const { items, page, hasNext, state } = loaderData;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const pageHref = (p: number) => {
    const q = new URLSearchParams();
    if (state) q.set("state", state);
    if (p > 1) q.set("page", String(p));
    const s = q.toString();
    return `${href("/operator/templates")}${s ? `?${s}` : ""}`;
  };
  return (
    <OperatorList
      title={t("account.operator.templates.title")}
      intro={t("account.operator.templates.intro")}
      filter={{
        id: "templates-state",
        name: "state",
        label: t("account.operator.templates.filter"),
        all: t("account.operator.templates.allStates"),
        value: state,
        options: STATES.map((s) => ({ value: s, label: t(`account.operator.state.${s}`) })),
      }}
      pages={{
        label: t("account.operator.templates.pages"),
        previous: page > 1 ? { href: pageHref(page - 1), label: t("account.operator.templates.previous") } : null,
        next: hasNext ? { href: pageHref(page + 1), label: t("account.operator.templates.next") } : null,
      }}
    >
      <p>
        <Link to={href("/operator/templates/new")} className="btn-primary inline-flex">
          {t("account.operator.editor.newTitle")}
        </Link>
      </p>
      {actionData && !actionData.ok ? (
        <p role="alert" className="rounded-card bg-red-50 p-4 text-sm font-medium text-red-800 ring-1 ring-red-200">
          {t(actionData.error)}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="rounded-card bg-surface p-6 text-ink-muted ring-1 ring-line/60">
          {t("account.operator.templates.empty")}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((item) => (
            <TemplateRow key={item.id} item={item} when={when} />
          ))}
        </ul>
      )}
    </OperatorList>
  );
}

function TemplateRow({ item, when }: { item: Item; when: Intl.DateTimeFormat }) {
  const { t, href } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("templateId") === String(item.id);
  const v = item.version;
  const badge = item.waiting ? "waiting" : item.state;
  const tone =
    item.state === "published"
      ? "bg-emerald-50 text-emerald-800 ring-emerald-200"
      : item.state === "scheduled"
        ? "bg-brand-50 text-brand-700 ring-brand-200"
        : "bg-canvas text-ink-soft ring-line";
  return (
    <li className="rounded-card bg-surface p-4 shadow-card ring-1 ring-line/60 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="break-words text-base font-semibold text-ink">
            {item.state === "published" ? (
              <Link to={href(`/template/${item.slug}`)} className="hover:underline">
                {item.title}
              </Link>
            ) : (
              item.title
            )}
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            {item.importKey ?? t("account.operator.templates.demo")}
            {item.isPremium ? ` · ${t("account.operator.templates.premium")}` : ""} ·{" "}
            {t("account.operator.templates.downloads", { count: item.downloads })}
          </p>
        </div>
        <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ${tone}`}>
          {t(`account.operator.templates.badge.${badge}`)}
        </span>
      </div>
      <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-ink-muted">{t("account.operator.templates.publishAt")}: </dt>
          <dd className="inline text-ink">
            {item.publishAt ? (
              <time dateTime={item.publishAt}>{when.format(new Date(item.publishAt))} UTC</time>
            ) : (
              t("account.operator.templates.notAsked")
            )}
          </dd>
        </div>
        {v ? (
          <div>
            <dt className="inline text-ink-muted">{t("account.operator.templates.version", { number: v.number })}: </dt>
            <dd className="inline text-ink">{t(`account.operator.templates.versionState.${v.state}`)}</dd>
          </div>
        ) : null}
      </dl>
      {v?.state === "failed" && v.reason ? (
        <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          {t(v.reason)}
          {v.detail ? <span className="mt-1 block break-words text-xs opacity-80">{v.detail}</span> : null}
        </p>
      ) : null}
      {!item.ready && item.publishAt ? (
        <p className="mt-2 text-sm text-ink-muted">{t("account.operator.templates.waitsForVersion")}</p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-end gap-2">
        {item.source === "import" ? (
          <Link
            to={href(`/operator/templates/${item.id}`)}
            className="btn-secondary"
            aria-label={t("account.operator.editor.editLabel", { title: item.title })}
          >
            {t("account.operator.editor.edit")}
          </Link>
        ) : null}
        {item.state !== "published" ? (
          <Form method="post">
            <input type="hidden" name="templateId" value={item.id} />
            <button type="submit" name="intent" value="publish" className="btn-primary" disabled={busy}>
              {t("account.operator.templates.publishNow")}
            </button>
          </Form>
        ) : null}
        {item.publishAt ? (
          <Form method="post">
            <input type="hidden" name="templateId" value={item.id} />
            <button type="submit" name="intent" value="unpublish" className="btn-secondary" disabled={busy}>
              {t("account.operator.templates.unpublish")}
            </button>
          </Form>
        ) : null}
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="templateId" value={item.id} />
          <input type="hidden" name="intent" value="schedule" />
          <div className="flex flex-col gap-1">
            <label htmlFor={`at-${item.id}`} className="text-xs font-medium text-ink-muted">
              {t("account.operator.templates.scheduleLabel")}
            </label>
            <input id={`at-${item.id}`} name="at" type="datetime-local" required className="field-input" />
          </div>
          <button type="submit" className="btn-secondary" disabled={busy}>
            {t("account.operator.templates.schedule")}
          </button>
        </Form>
      </div>
    </li>
  );
}
