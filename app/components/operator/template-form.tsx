import { type ReactNode, useId, useState } from "react";
import { useI18n } from "#app/components/i18n.tsx";
import type { EditorValues as TemplateFieldValues } from "#modules/templates/editor.ts";
import { matchesFilter, type Option } from "./deck-uploads.logic.ts";

export type {
  ColourOption,
  DeckSummary,
  Option,
  UploadedFile,
  VariantValue,
} from "./deck-uploads.logic.ts";
export { DeckUploads } from "./deck-uploads.tsx";
export { RenderProgress, type RenderVersion } from "./render-progress.tsx";

const F = "account.operator.editor.fields";

/** The form's values and options: the editor service's own shapes (modules/templates/editor.ts). */
export type { EditorValues as TemplateFieldValues } from "#modules/templates/editor.ts";
export type LanguageTexts = TemplateFieldValues["en"];

export type TemplateFieldOptions = {
  categories: Option[];
  tags: Option[];
  styles: Option[];
  /** Without the "none" choice: the form adds it (value ""). */
  designers: Option[];
};

/** The ids of a field and of its hint and error, and the attributes that tie them to the control. */
function useFieldIds(errors: Record<string, string>) {
  const base = useId();
  return (name: string, hint = false) => {
    const id = `${base}-${name.replace(/\W/g, "-")}`;
    const error = errors[name];
    const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
    return {
      id,
      hintId: `${id}-hint`,
      errorId: `${id}-error`,
      error,
      /** For a control: marked invalid and described by its hint and error. */
      control: {
        "aria-invalid": error ? true : undefined,
        "aria-describedby": described || undefined,
      } as const,
      /** For a group (fieldset): described by its error; its controls carry `invalid`. */
      group: { "aria-describedby": error ? `${id}-error` : undefined } as const,
      invalid: error ? true : undefined,
    };
  };
}

type FieldIds = ReturnType<ReturnType<typeof useFieldIds>>;

function FieldError({ ids }: { ids: FieldIds }) {
  const { t } = useI18n();
  return ids.error ? (
    <p id={ids.errorId} className="field-error">
      {t(ids.error)}
    </p>
  ) : null;
}

function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 text-sm text-ink-muted">
      {children}
    </p>
  );
}

function Card({ title, lang, children }: { title: string; lang?: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 rounded-card bg-surface p-4 shadow-card ring-1 ring-line/60 sm:p-5">
      <legend className="float-left mb-4 w-full">
        <h2 className="text-lg font-semibold text-ink" lang={lang}>
          {title}
        </h2>
      </legend>
      <div className="clear-left flex flex-col gap-4">{children}</div>
    </fieldset>
  );
}

/**
 * The template's texts (English and Spanish, side by side on wide screens) and its settings: category,
 * tags, styles, licence, designer and publication. Every control is a named form field; `errors` maps
 * a field's name to a translation key shown under it.
 */
export function TemplateFields({
  values,
  options,
  errors = {},
}: {
  values: TemplateFieldValues;
  options: TemplateFieldOptions;
  errors?: Record<string, string>;
}) {
  const { t } = useI18n();
  const ids = useFieldIds(errors);
  const [publish, setPublish] = useState(values.publish);
  const category = ids("category");
  const designer = ids("designer");
  const licence = ids("licence");
  const publishIds = ids("publish");
  const publishAt = ids("publishAt", true);

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <LanguageFields lang="en" title={t(`${F}.languageEn`)} values={values.en} ids={ids} />
        <LanguageFields lang="es" title={t(`${F}.languageEs`)} values={values.es} ids={ids} />
      </div>

      <Card title={t(`${F}.settings`)}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={category.id} className="field-label">
              {t(`${F}.category`)}
            </label>
            <select
              id={category.id}
              name="category"
              defaultValue={values.category}
              className="field-input"
              {...category.control}
            >
              <option value="">{t(`${F}.chooseCategory`)}</option>
              {options.categories.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            <FieldError ids={category} />
          </div>
          <div>
            <label htmlFor={designer.id} className="field-label">
              {t(`${F}.designer`)}
            </label>
            <select
              id={designer.id}
              name="designer"
              defaultValue={values.designer}
              className="field-input"
              {...designer.control}
            >
              <option value="">{t(`${F}.designerNone`)}</option>
              {options.designers.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            <FieldError ids={designer} />
          </div>
        </div>

        <TagPicker options={options.tags} selected={values.tags} ids={ids("tags")} />

        <CheckboxGroup
          legend={t(`${F}.styles`)}
          name="styles"
          options={options.styles}
          selected={values.styles}
          ids={ids("styles")}
        />

        <fieldset {...licence.group}>
          <legend className="field-label">{t(`${F}.licence`)}</legend>
          <div className="flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:gap-x-4">
            <label className="filter-option">
              <input
                type="radio"
                name="licence"
                value="free"
                defaultChecked={values.licence === "free"}
                aria-invalid={licence.invalid}
              />
              {t(`${F}.licenceFree`)}
            </label>
            <label className="filter-option">
              <input
                type="radio"
                name="licence"
                value="premium"
                defaultChecked={values.licence === "premium"}
                aria-invalid={licence.invalid}
              />
              {t(`${F}.licencePremium`)}
            </label>
          </div>
          <FieldError ids={licence} />
        </fieldset>

        <fieldset {...publishIds.group}>
          <legend className="field-label">{t(`${F}.publish`)}</legend>
          <div className="flex flex-col gap-1">
            {(["draft", "now", "at"] as const).map((p) => (
              <label key={p} className="filter-option">
                <input
                  type="radio"
                  name="publish"
                  value={p}
                  checked={publish === p}
                  onChange={() => setPublish(p)}
                  aria-invalid={publishIds.invalid}
                />
                {t(`${F}.publishChoice.${p}`)}
              </label>
            ))}
          </div>
          <div className="mt-2 max-w-xs pl-8">
            <label htmlFor={publishAt.id} className="field-label">
              {t(`${F}.publishAt`)}
            </label>
            <input
              id={publishAt.id}
              type="datetime-local"
              name="publishAt"
              defaultValue={values.publishAt}
              disabled={publish !== "at"}
              required={publish === "at"}
              className="field-input disabled:cursor-not-allowed disabled:bg-canvas disabled:text-ink-muted"
              {...publishAt.control}
            />
            <Hint id={publishAt.hintId}>{t(`${F}.publishAtHint`)}</Hint>
            <FieldError ids={publishAt} />
          </div>
          <FieldError ids={publishIds} />
        </fieldset>
      </Card>
    </div>
  );
}

/** One language's title, description and address. */
function LanguageFields({
  lang,
  title,
  values,
  ids,
}: {
  lang: "en" | "es";
  title: string;
  values: LanguageTexts;
  ids: ReturnType<typeof useFieldIds>;
}) {
  const { t } = useI18n();
  const titleIds = ids(`${lang}.title`);
  const description = ids(`${lang}.description`);
  const slug = ids(`${lang}.slug`, true);
  return (
    <Card title={title} lang={lang}>
      <div>
        <label htmlFor={titleIds.id} className="field-label">
          {t(`${F}.title`)}
        </label>
        <input
          id={titleIds.id}
          name={`${lang}.title`}
          lang={lang}
          defaultValue={values.title}
          autoComplete="off"
          className="field-input"
          {...titleIds.control}
        />
        <FieldError ids={titleIds} />
      </div>
      <div>
        <label htmlFor={description.id} className="field-label">
          {t(`${F}.description`)}
        </label>
        <textarea
          id={description.id}
          name={`${lang}.description`}
          lang={lang}
          rows={5}
          defaultValue={values.description}
          className="field-input min-h-32 resize-y"
          {...description.control}
        />
        <FieldError ids={description} />
      </div>
      <div>
        <label htmlFor={slug.id} className="field-label">
          {t(`${F}.slug`)}
        </label>
        <input
          id={slug.id}
          name={`${lang}.slug`}
          defaultValue={values.slug}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          className="field-input font-mono text-sm"
          {...slug.control}
        />
        <Hint id={slug.hintId}>{t(`${F}.slugHint`)}</Hint>
        <FieldError ids={slug} />
      </div>
    </Card>
  );
}

/** The tags: a filter (typing hides the tags that do not match) over a scrolling box of checkboxes. */
function TagPicker({ options, selected, ids }: { options: Option[]; selected: string[]; ids: FieldIds }) {
  const { t } = useI18n();
  const [query, setQuery] = useState("");
  const [checked, setChecked] = useState(() => new Set(selected));
  const shown = options.filter((o) => matchesFilter(o, query));
  const visible = new Set(shown.map((o) => o.value));
  return (
    <fieldset {...ids.group}>
      <legend className="field-label">
        {t(`${F}.tags`)}{" "}
        <span className="font-normal text-ink-muted">({t(`${F}.tagsSelected`, { count: checked.size })})</span>
      </legend>
      <label htmlFor={`${ids.id}-filter`} className="sr-only">
        {t(`${F}.tagsFilter`)}
      </label>
      <input
        id={`${ids.id}-filter`}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        onKeyDown={(e) => {
          // Enter in the filter must not send the whole form.
          if (e.key === "Enter") e.preventDefault();
        }}
        placeholder={t(`${F}.tagsFilter`)}
        aria-controls={`${ids.id}-box`}
        autoComplete="off"
        className="field-input"
      />
      <div
        id={`${ids.id}-box`}
        className="mt-2 grid max-h-64 grid-cols-1 content-start gap-x-2 overflow-y-auto rounded-lg border border-line bg-surface p-2 sm:grid-cols-2 xl:grid-cols-3"
      >
        {options.map((o) => (
          <label key={o.value} className="filter-option" hidden={!visible.has(o.value)}>
            <input
              type="checkbox"
              name="tags"
              value={o.value}
              defaultChecked={selected.includes(o.value)}
              aria-invalid={ids.invalid}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setChecked((s) => {
                  const next = new Set(s);
                  if (on) next.add(o.value);
                  else next.delete(o.value);
                  return next;
                });
              }}
            />
            {o.label}
          </label>
        ))}
        {shown.length === 0 ? (
          <p className="px-2 py-1.5 text-sm text-ink-muted sm:col-span-2 xl:col-span-3">
            {t(`${F}.tagsNone`, { query: query.trim() })}
          </p>
        ) : null}
      </div>
      <p aria-live="polite" className="sr-only">
        {query.trim() ? t(`${F}.tagsShown`, { count: shown.length }) : ""}
      </p>
      <FieldError ids={ids} />
    </fieldset>
  );
}

/** A plain group of checkboxes (the styles). */
function CheckboxGroup({
  legend,
  name,
  options,
  selected,
  ids,
}: {
  legend: string;
  name: string;
  options: Option[];
  selected: string[];
  ids: FieldIds;
}) {
  return (
    <fieldset {...ids.group}>
      <legend className="field-label">{legend}</legend>
      <div className="grid grid-cols-1 gap-x-2 sm:grid-cols-2 xl:grid-cols-4">
        {options.map((o) => (
          <label key={o.value} className="filter-option">
            <input
              type="checkbox"
              name={name}
              value={o.value}
              defaultChecked={selected.includes(o.value)}
              aria-invalid={ids.invalid}
            />
            {o.label}
          </label>
        ))}
      </div>
      <FieldError ids={ids} />
    </fieldset>
  );
}
