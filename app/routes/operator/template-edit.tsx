import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useI18n } from "#app/components/i18n.tsx";
import { DeckUploads, RenderProgress, TemplateFields } from "#app/components/operator/template-form.tsx";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/template-edit";
import { editorAction, editorLoader } from "./template-edit.server.ts";

/** A new template, or an imported one: its texts and filing, and new decks (a new version). */
export const loader = (args: Route.LoaderArgs) => editorLoader(args);
export const action = (args: Route.ActionArgs) => editorAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

export default function TemplateEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { options, template } = loaderData;
  const navigation = useNavigation();
  const [busy, setBusy] = useState(false);
  const saving = navigation.state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : null;
  const values = failed?.values ?? loaderData.values;
  const errors = failed?.errors ?? {};
  // A key remounts the form's parts with what the server sent back after a refused save.
  const formKey = failed ? JSON.stringify(failed.errors) : "loaded";
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label={t("account.operator.editor.breadcrumb")} className="text-sm">
        <Link to={href("/operator/templates")} className="text-link">
          {t("account.operator.templates.title")}
        </Link>
      </nav>
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
          {template ? values.en.title || template.importKey : t("account.operator.editor.newTitle")}
        </h1>
        <p className="max-w-3xl text-ink-muted">
          {template ? t("account.operator.editor.editIntro") : t("account.operator.editor.intro")}
        </p>
        {template?.published ? (
          <p>
            <Link
              to={href(`/template/${template.slug}`)}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              {t("account.operator.editor.viewPublic")}
            </Link>
          </p>
        ) : null}
      </header>

      {loaderData.saved && !failed ? (
        <p
          role="status"
          className="rounded-card bg-emerald-50 p-4 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200"
        >
          {t("account.operator.editor.saved")}
        </p>
      ) : null}
      {template ? <RenderProgress version={template.version} /> : null}

      {failed?.formError ? (
        <p role="alert" className="rounded-card bg-red-50 p-4 text-sm font-medium text-red-800 ring-1 ring-red-200">
          {t(failed.formError)}
        </p>
      ) : null}

      <Form method="post" className="flex flex-col gap-6" key={formKey}>
        <DeckUploads
          colours={options.colours}
          defaultVariants={failed?.variants ?? []}
          defaultKeynotes={failed?.keynotes ?? []}
          error={errors.variants}
          onBusyChange={setBusy}
        />
        {template?.colours.length ? (
          <p className="text-sm text-ink-muted">
            {t("account.operator.editor.currentDecks", { count: template.colours.length })}
          </p>
        ) : null}
        <TemplateFields values={values} options={options} errors={errors} />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary" disabled={busy || saving}>
            {saving
              ? t("account.operator.editor.saving")
              : template
                ? t("account.operator.editor.save")
                : t("account.operator.editor.create")}
          </button>
          {busy ? <span className="text-sm text-ink-muted">{t("account.operator.editor.waitUploads")}</span> : null}
        </div>
      </Form>
    </div>
  );
}
