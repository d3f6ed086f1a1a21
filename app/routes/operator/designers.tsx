import { Form, Link, useNavigation } from "react-router";
import { useI18n } from "#app/components/i18n.tsx";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/designers";
import { designersAction, designersLoader } from "./designers.server.ts";

/** The designers templates name: made here or by the import's designers/<key>.yaml. */
export const loader = (args: Route.LoaderArgs) => designersLoader(args);
export const action = (args: Route.ActionArgs) => designersAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

type Values = { name: string; link: string; bioEn: string; bioEs: string };
const D = "account.operator.designers";

export default function OperatorDesigners({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { designers } = loaderData;
  const failedFor = (formId: string) =>
    actionData && !actionData.ok && actionData.formId === formId ? actionData : null;
  const newFailed = failedFor("new");
  // A change to a designer no longer listed (removed meanwhile) has no form to show its error in.
  const orphan =
    actionData &&
    !actionData.ok &&
    actionData.formId !== "new" &&
    !designers.some((d) => String(d.id) === actionData.formId)
      ? (actionData.errors.form ?? `${D}.errors.notFound`)
      : null;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">{t(`${D}.title`)}</h1>
        <p className="max-w-3xl text-ink-muted">{t(`${D}.intro`)}</p>
      </header>
      {actionData?.ok ? (
        <p
          role="status"
          className="rounded-card bg-emerald-50 p-4 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200"
        >
          {t(`${D}.saved`)}
        </p>
      ) : null}
      {orphan ? (
        <p role="alert" className="rounded-card bg-red-50 p-4 text-sm font-medium text-red-800 ring-1 ring-red-200">
          {t(orphan)}
        </p>
      ) : null}
      <details className="rounded-card bg-surface p-4 shadow-card ring-1 ring-line/60 sm:p-5" open={Boolean(newFailed)}>
        <summary className="cursor-pointer text-base font-semibold text-ink">{t(`${D}.new`)}</summary>
        <DesignerForm
          formId="new"
          values={(newFailed?.values as Values | null) ?? { name: "", link: "", bioEn: "", bioEs: "" }}
          errors={newFailed?.errors ?? {}}
          submit={t(`${D}.create`)}
        />
      </details>
      {designers.length === 0 ? (
        <p className="rounded-card bg-surface p-6 text-ink-muted ring-1 ring-line/60">{t(`${D}.empty`)}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {designers.map((d) => {
            const failed = failedFor(String(d.id));
            return (
              <li key={d.id} className="rounded-card bg-surface p-4 shadow-card ring-1 ring-line/60 sm:p-5">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h2 className="break-words text-base font-semibold text-ink">{d.name}</h2>
                    <p className="mt-1 text-sm text-ink-muted">
                      <code className="font-mono text-xs">{d.key}</code> · {t(`${D}.templates`, { count: d.templates })}
                    </p>
                  </div>
                  {d.templates > 0 ? (
                    <Link
                      to={href(`/designers/${d.slug}`)}
                      className="text-sm font-medium text-brand-700 hover:underline"
                    >
                      {t(`${D}.view`)}
                    </Link>
                  ) : null}
                </div>
                <details className="mt-3" open={Boolean(failed)}>
                  <summary className="cursor-pointer text-sm font-medium text-brand-700">
                    {t(`${D}.edit`)}
                    <span className="sr-only"> {d.name}</span>
                  </summary>
                  <DesignerForm
                    formId={String(d.id)}
                    values={
                      (failed?.values as Values | null) ?? {
                        name: d.name,
                        link: d.link,
                        bioEn: d.bio.en,
                        bioEs: d.bio.es,
                      }
                    }
                    errors={failed?.errors ?? {}}
                    submit={t(`${D}.save`)}
                  />
                </details>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function DesignerForm(props: { formId: string; values: Values; errors: Record<string, string>; submit: string }) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    (navigation.formData?.get("id") ?? "new") === (props.formId === "new" ? "new" : props.formId);
  const id = (f: string) => `designer-${props.formId}-${f}`;
  const field = (
    name: keyof Values,
    label: string,
    opts: { multiline?: boolean; lang?: string; type?: string; hint?: string } = {},
  ) => {
    const error = props.errors[name];
    const describedBy = [opts.hint ? `${id(name)}-hint` : null, error ? `${id(name)}-error` : null]
      .filter(Boolean)
      .join(" ");
    const common = {
      id: id(name),
      name,
      defaultValue: props.values[name],
      lang: opts.lang,
      className: "field-input",
      "aria-invalid": error ? true : undefined,
      "aria-describedby": describedBy || undefined,
    };
    return (
      <div>
        <label htmlFor={id(name)} className="field-label">
          {label}
        </label>
        {opts.multiline ? (
          <textarea {...common} rows={3} className="field-input resize-y" />
        ) : (
          <input {...common} type={opts.type ?? "text"} />
        )}
        {opts.hint ? (
          <p id={`${id(name)}-hint`} className="mt-1.5 text-sm text-ink-muted">
            {opts.hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id(name)}-error`} className="mt-1.5 text-sm font-medium text-red-700">
            {t(error)}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <Form method="post" className="mt-4 flex flex-col gap-4">
      {props.formId !== "new" ? <input type="hidden" name="id" value={props.formId} /> : null}
      {props.errors.form ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          {t(props.errors.form)}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {field("name", t(`${D}.name`))}
        {field("link", t(`${D}.link`), { type: "url", hint: t(`${D}.linkHint`) })}
        {field("bioEn", t(`${D}.bioEn`), { multiline: true, lang: "en" })}
        {field("bioEs", t(`${D}.bioEs`), { multiline: true, lang: "es" })}
      </div>
      <div>
        <button type="submit" className="btn-primary" disabled={busy}>
          {props.submit}
        </button>
      </div>
    </Form>
  );
}
