import { type DragEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { useI18n } from "#app/components/i18n.tsx";
import { PlusIcon } from "#app/components/icons.tsx";
import type { Locale } from "#config/constants.ts";
import type { T } from "#modules/shared/i18n.ts";
import {
  type ColourOption,
  type DeckSummary,
  formatSize,
  initialRowState,
  isPending,
  keynoteChoices,
  nextDefaultColour,
  parseUploadAnswer,
  percentSent,
  type RowState,
  rowsToStart,
  UPLOAD_MAX_BYTES,
  UPLOAD_URL,
  type UploadedFile,
  type VariantValue,
  variantFieldName,
} from "./deck-uploads.logic.ts";

const K = "account.operator.editor.uploads";
const V = "account.operator.editor.variant";

/** One chosen file: `file` is kept until the server took it (a dropped upload is sent again). */
type Row = { key: string; name: string; size: number; file: File | null; state: RowState };
type Settings = { colour: string; keynote: string; googleSlides: string };
type State = { rows: Row[]; settings: Record<string, Settings> };

function uploadOf(row: Row): UploadedFile | null {
  return row.state.status === "done" ? row.state.upload : null;
}

function initialState(defaultVariants: VariantValue[], defaultKeynotes: UploadedFile[]): State {
  const rows: Row[] = [];
  const settings: Record<string, Settings> = {};
  const seen = new Set<string>();
  for (const v of defaultVariants) {
    if (seen.has(v.upload.id)) continue;
    seen.add(v.upload.id);
    rows.push({
      key: v.upload.id,
      name: v.upload.name,
      size: v.upload.size,
      file: null,
      state: { status: "done", upload: v.upload },
    });
    settings[v.upload.id] = { colour: v.colour, keynote: v.keynote, googleSlides: v.googleSlides };
  }
  for (const k of defaultKeynotes) {
    if (seen.has(k.id)) continue;
    seen.add(k.id);
    rows.push({ key: k.id, name: k.name, size: k.size, file: null, state: { status: "done", upload: k } });
  }
  return { rows, settings };
}

/**
 * The template's decks: a drop zone (and a file input) that uploads each file at once, one row per
 * upload with its progress, then one card per PowerPoint file (a colour variant: its facts, colour,
 * Keynote file and Google Slides address) and the Keynote files not yet chosen in a variant.
 *
 * Form fields: `variant.N.pptx`, `variant.N.colour`, `variant.N.keynote`, `variant.N.googleSlides`
 * (N from 0 in the order shown), one `keynotes` per uploaded .key file, and `uploadsPending=1` while
 * a file is still going up. `defaultKeynotes` should hold every .key upload, the ones chosen in
 * `defaultVariants` too (their names are shown in the variants' Keynote menus).
 */
export function DeckUploads({
  colours,
  defaultVariants,
  defaultKeynotes,
  error,
  onBusyChange,
}: {
  colours: ColourOption[];
  defaultVariants: VariantValue[];
  defaultKeynotes: UploadedFile[];
  /** A translation key about the whole section (shown in an alert). */
  error?: string;
  /** Told when uploads start and when the last one ends, so the page can hold its submit button. */
  onBusyChange?: (busy: boolean) => void;
}) {
  const { t, locale } = useI18n();
  const [state, setState] = useState<State>(() => initialState(defaultVariants, defaultKeynotes));
  const [dragging, setDragging] = useState(false);
  const [touched, setTouched] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const xhrs = useRef(new Map<string, XMLHttpRequest>());
  const counter = useRef(0);
  const coloursRef = useRef(colours);
  coloursRef.current = colours;
  const ids = useId();
  const inputId = `${ids}-files`;
  const hintId = `${ids}-hint`;
  const headingId = `${ids}-heading`;

  const setRowState = useCallback((key: string, next: (prev: RowState) => RowState) => {
    setState((s) => {
      const i = s.rows.findIndex((r) => r.key === key);
      if (i < 0) return s;
      const prev = s.rows[i].state;
      const state = next(prev);
      if (state === prev) return s;
      const rows = s.rows.slice();
      rows[i] = { ...rows[i], state };
      return { ...s, rows };
    });
  }, []);

  /** An upload's answer: a PowerPoint file becomes a variant with the first colour still free. */
  const finish = useCallback((key: string, answer: RowState) => {
    setState((s) => {
      const i = s.rows.findIndex((r) => r.key === key);
      if (i < 0) return s; // removed meanwhile
      let next = answer;
      let settings = s.settings;
      if (next.status === "done") {
        const id = next.upload.id;
        if (s.rows.some((r, j) => j !== i && uploadOf(r)?.id === id)) {
          next = { status: "failed", code: "duplicate", message: null };
        } else if (next.upload.kind === "pptx") {
          const used = s.rows.flatMap((r) => {
            const u = uploadOf(r);
            return u?.kind === "pptx" && s.settings[u.id] ? [s.settings[u.id].colour] : [];
          });
          settings = {
            ...s.settings,
            [id]: { colour: nextDefaultColour(coloursRef.current, used), keynote: "", googleSlides: "" },
          };
        }
      }
      const rows = s.rows.slice();
      rows[i] = { ...rows[i], state: next, file: next.status === "done" ? null : rows[i].file };
      return { rows, settings };
    });
  }, []);

  const start = useCallback(
    (row: Row) => {
      const file = row.file;
      if (!file || xhrs.current.has(row.key)) return;
      const key = row.key;
      const xhr = new XMLHttpRequest();
      xhrs.current.set(key, xhr);
      const done = (answer: RowState) => {
        if (xhrs.current.get(key) !== xhr) return;
        xhrs.current.delete(key);
        finish(key, answer);
      };
      xhr.upload.onprogress = (e) => {
        if (!e.lengthComputable) return;
        const sent = percentSent(e.loaded, e.total);
        setRowState(key, (prev) =>
          prev.status === "uploading" && prev.sent !== sent ? { status: "uploading", sent } : prev,
        );
      };
      xhr.upload.onload = () =>
        setRowState(key, (prev) => (prev.status === "uploading" ? { status: "checking" } : prev));
      xhr.onload = () => done(parseUploadAnswer(xhr.status, xhr.responseText));
      xhr.onerror = () => done({ status: "stopped" });
      xhr.ontimeout = () => done({ status: "stopped" });
      xhr.open("POST", UPLOAD_URL);
      xhr.setRequestHeader("X-File-Name", encodeURIComponent(file.name));
      xhr.setRequestHeader("Accept", "application/json");
      xhr.setRequestHeader("locale", locale);
      setRowState(key, () => ({ status: "uploading", sent: 0 }));
      xhr.send(file);
    },
    [finish, setRowState, locale],
  );

  // Up to UPLOAD_CONCURRENCY uploads at a time, in the order the files were chosen.
  useEffect(() => {
    for (const row of rowsToStart(state.rows)) start(row);
  }, [state.rows, start]);

  // Leaving the page stops what is still going up.
  useEffect(() => {
    const running = xhrs.current;
    return () => {
      for (const xhr of running.values()) xhr.abort();
      running.clear();
    };
  }, []);

  const add = useCallback((files: FileList | File[] | null) => {
    const list = files ? Array.from(files) : [];
    if (list.length === 0) return;
    const added: Row[] = list.map((file) => {
      counter.current += 1;
      return {
        key: `new-${counter.current}`,
        name: file.name,
        size: file.size,
        file,
        state: initialRowState(file.name, file.size),
      };
    });
    setTouched(true);
    setState((s) => ({ ...s, rows: [...s.rows, ...added] }));
  }, []);

  // Files chosen before the page's script ran are still in the input: take them now.
  useEffect(() => {
    const input = inputRef.current;
    if (input?.files?.length) {
      add(input.files);
      input.value = "";
    }
  }, [add]);

  const remove = (key: string) => {
    xhrs.current.get(key)?.abort();
    xhrs.current.delete(key);
    setState((s) => {
      const row = s.rows.find((r) => r.key === key);
      if (!row) return s;
      const id = uploadOf(row)?.id;
      const settings: Record<string, Settings> = {};
      for (const [k, v] of Object.entries(s.settings)) {
        if (k === id) continue;
        settings[k] = id && v.keynote === id ? { ...v, keynote: "" } : v;
      }
      return { rows: s.rows.filter((r) => r.key !== key), settings };
    });
  };

  const retry = (key: string) => setRowState(key, (prev) => (prev.status === "stopped" ? { status: "queued" } : prev));

  const change = (uploadId: string, patch: Partial<Settings>) =>
    setState((s) => ({
      ...s,
      settings: {
        ...s.settings,
        [uploadId]: { ...(s.settings[uploadId] ?? { colour: "", keynote: "", googleSlides: "" }), ...patch },
      },
    }));

  const pending = state.rows.filter((r) => isPending(r.state)).length;
  const busy = pending > 0;
  const busyRef = useRef(false);
  const onBusyRef = useRef(onBusyChange);
  onBusyRef.current = onBusyChange;
  useEffect(() => {
    if (busyRef.current === busy) return;
    busyRef.current = busy;
    onBusyRef.current?.(busy);
  }, [busy]);

  const variants = state.rows.flatMap((r) => {
    const u = uploadOf(r);
    return u?.kind === "pptx" ? [{ row: r, upload: u, settings: state.settings[u.id] ?? emptySettings }] : [];
  });
  const keynotes = state.rows.flatMap((r) => {
    const u = uploadOf(r);
    return u?.kind === "key" ? [u] : [];
  });
  const chosenKeynotes = new Set(variants.map((v) => v.settings.keynote).filter(Boolean));
  const looseKeynotes = keynotes.filter((k) => !chosenKeynotes.has(k.id));
  const active = state.rows.filter((r) => r.state.status !== "done");
  const choiceList = variants.map((v) => ({ id: v.upload.id, keynote: v.settings.keynote }));

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    add(e.dataTransfer.files);
  };
  const onDragOver = (e: DragEvent<HTMLDivElement>) => {
    if (!Array.from(e.dataTransfer.types).includes("Files")) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = "copy";
    if (!dragging) setDragging(true);
  };
  const onDragLeave = (e: DragEvent<HTMLDivElement>) => {
    if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return;
    setDragging(false);
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          {t(`${K}.title`)}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{t(`${K}.intro`)}</p>
      </div>

      {error ? (
        <p role="alert" className="rounded-card bg-red-50 p-4 text-sm font-medium text-red-800 ring-1 ring-red-200">
          {t(error)}
        </p>
      ) : null}

      <noscript>
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {t(`${K}.noscript`)}
        </p>
      </noscript>

      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping files is the pointer's shortcut; the file input inside does the same from the keyboard */}
      <div
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        className={`rounded-card border-2 border-dashed px-4 py-8 text-center transition-colors outline-offset-2 outline-brand-500 has-[:focus-visible]:outline-3 sm:px-8 ${
          dragging
            ? "border-brand-500 bg-brand-50"
            : "border-line bg-surface hover:border-brand-200 hover:bg-brand-50/40"
        }`}
      >
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple
          accept=".pptx,.key"
          aria-describedby={hintId}
          className="sr-only"
          onChange={(e) => {
            add(e.currentTarget.files);
            e.currentTarget.value = "";
          }}
        />
        <label htmlFor={inputId} className="flex cursor-pointer flex-col items-center gap-3">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-200">
            <PlusIcon width={24} height={24} />
          </span>
          <span className="max-w-prose text-base font-semibold text-ink">{t(`${K}.drop`)}</span>
          {/* What the label says, drawn as a button for the eye (the label is already the control's name). */}
          <span aria-hidden="true" className="btn-secondary pointer-events-none">
            {t(`${K}.choose`)}
          </span>
        </label>
        <p id={hintId} className="mt-2 text-sm text-ink-muted">
          {t(`${K}.hint`, { size: formatSize(UPLOAD_MAX_BYTES, locale) })}
        </p>
      </div>

      <p aria-live="polite" className="sr-only">
        {busy ? t(`${K}.pending`, { count: pending }) : touched && active.length === 0 ? t(`${K}.allDone`) : ""}
      </p>
      {busy ? (
        <>
          <input type="hidden" name="uploadsPending" value="1" />
          <p className="text-sm text-ink-muted">{t(`${K}.waitToSave`)}</p>
        </>
      ) : null}

      {active.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label={t(`${K}.listLabel`)}>
          {active.map((row) => (
            <UploadRow key={row.key} row={row} onRemove={() => remove(row.key)} onRetry={() => retry(row.key)} />
          ))}
        </ul>
      ) : null}

      <div className="flex flex-col gap-3">
        <h3 className="text-base font-semibold text-ink">{t(`${K}.variants`)}</h3>
        {variants.length === 0 ? (
          <p className="rounded-card bg-canvas p-4 text-sm text-ink-muted ring-1 ring-line/60">
            {t(`${K}.noVariants`)}
          </p>
        ) : (
          <ol className="grid gap-4 2xl:grid-cols-2">
            {variants.map((v, index) => (
              <VariantCard
                key={v.row.key}
                index={index}
                upload={v.upload}
                settings={v.settings}
                colours={colours}
                keynotes={keynoteChoices(keynotes, choiceList, v.upload.id)}
                onChange={(patch) => change(v.upload.id, patch)}
                onRemove={() => remove(v.row.key)}
              />
            ))}
          </ol>
        )}
      </div>

      {keynotes.map((k) => (
        <input key={k.id} type="hidden" name="keynotes" value={k.id} />
      ))}
      {looseKeynotes.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-base font-semibold text-ink">{t(`${K}.keynotes`)}</h3>
          <p className="text-sm text-ink-muted">{t(`${K}.keynotesHint`)}</p>
          <ul className="flex flex-col gap-2">
            {looseKeynotes.map((k) => (
              <li
                key={k.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-surface px-3 py-2 ring-1 ring-line/60"
              >
                <span className="min-w-0 text-sm">
                  <span className="break-all font-medium text-ink">{k.name}</span>{" "}
                  <span className="text-ink-muted">· {formatSize(k.size, locale)}</span>
                </span>
                <button
                  type="button"
                  className="btn-ghost px-3 py-1.5"
                  aria-label={t(`${K}.removeFile`, { name: k.name })}
                  onClick={() => remove(k.id)}
                >
                  {t(`${K}.remove`)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

const emptySettings: Settings = { colour: "", keynote: "", googleSlides: "" };

/** A file on its way: progress, then "Checking…", or why it stopped. */
function UploadRow({ row, onRemove, onRetry }: { row: Row; onRemove: () => void; onRetry: () => void }) {
  const { t, locale } = useI18n();
  const s = row.state;
  const failed = s.status === "failed" || s.status === "stopped";
  return (
    <li
      className={`rounded-lg px-3 py-3 ring-1 sm:px-4 ${failed ? "bg-red-50/60 ring-red-200" : "bg-surface ring-line/60"}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 text-sm">
          <span className="break-all font-medium text-ink">{row.name}</span>{" "}
          <span className="text-ink-muted">· {formatSize(row.size, locale)}</span>
        </p>
        <div className="flex items-center gap-2">
          {s.status === "stopped" ? (
            <button
              type="button"
              className="btn-secondary px-3 py-1.5"
              aria-label={t(`${K}.retryFile`, { name: row.name })}
              onClick={onRetry}
            >
              {t(`${K}.retry`)}
            </button>
          ) : null}
          <button
            type="button"
            className="btn-ghost px-3 py-1.5"
            aria-label={t(isPending(s) ? `${K}.cancelFile` : `${K}.removeFile`, { name: row.name })}
            onClick={onRemove}
          >
            {t(isPending(s) ? `${K}.cancel` : `${K}.remove`)}
          </button>
        </div>
      </div>
      {s.status === "queued" ? <p className="mt-1 text-sm text-ink-muted">{t(`${K}.queued`)}</p> : null}
      {s.status === "uploading" ? (
        <div className="mt-2 flex items-center gap-3">
          <progress
            max={100}
            value={s.sent}
            aria-label={t(`${K}.uploading`, { name: row.name })}
            className="h-2 w-full overflow-hidden rounded-full accent-brand-600 [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-line [&::-webkit-progress-value]:bg-brand-600"
          />
          <span className="w-12 shrink-0 text-right text-xs tabular-nums text-ink-muted" aria-hidden="true">
            {t(`${K}.percent`, { value: s.sent })}
          </span>
        </div>
      ) : null}
      {s.status === "checking" ? <p className="mt-1 text-sm text-ink-muted">{t(`${K}.checking`)}</p> : null}
      {s.status === "failed" ? (
        <p role="alert" className="mt-1 text-sm font-medium text-red-800">
          {s.message ?? localError(t, s.code, locale)}
        </p>
      ) : null}
      {s.status === "stopped" ? (
        <p role="alert" className="mt-1 text-sm font-medium text-red-800">
          {t(`${K}.stopped`)}
        </p>
      ) : null}
    </li>
  );
}

/** The words for a failure the server did not word (refused before sending, or an unreadable answer). */
function localError(t: T, code: string, locale: Locale) {
  switch (code) {
    case "type":
    case "duplicate":
    case "unreadable":
      return t(`${K}.errors.${code}`);
    case "tooLarge":
      return t(`${K}.errors.tooLarge`, { size: formatSize(UPLOAD_MAX_BYTES, locale) });
    default:
      return t(`${K}.errors.failed`);
  }
}

/** One colour variant: the PowerPoint file's facts and the variant's settings. */
function VariantCard({
  index,
  upload,
  settings,
  colours,
  keynotes,
  onChange,
  onRemove,
}: {
  index: number;
  upload: UploadedFile;
  settings: Settings;
  colours: ColourOption[];
  keynotes: UploadedFile[];
  onChange: (patch: Partial<Settings>) => void;
  onRemove: () => void;
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const facts = upload.facts;
  const hex = colours.find((c) => c.value === settings.colour)?.hex;
  return (
    <li className="rounded-card bg-surface p-4 shadow-card ring-1 ring-line/60 sm:p-5" aria-labelledby={`${id}-name`}>
      <input type="hidden" name={variantFieldName(index, "pptx")} value={upload.id} />
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
            {t(`${V}.title`, { number: index + 1 })}
          </p>
          <h4 id={`${id}-name`} className="mt-0.5 break-all text-base font-semibold text-ink">
            {upload.name}
          </h4>
          <p className="mt-0.5 text-sm text-ink-muted">
            {formatSize(upload.size, locale)}
            {facts ? ` · ${t(`${V}.slides`, { count: facts.slideCount })}` : ""}
          </p>
        </div>
        <button
          type="button"
          className="btn-ghost shrink-0 px-3 py-1.5"
          aria-label={t(`${K}.removeFile`, { name: upload.name })}
          onClick={onRemove}
        >
          {t(`${K}.remove`)}
        </button>
      </div>

      {facts ? <DeckFacts facts={facts} /> : null}

      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-colour`} className="field-label">
            {t(`${V}.colour`)}
          </label>
          <div className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="swatch size-6 shrink-0"
              style={hex ? { backgroundColor: hex } : undefined}
            />
            <select
              id={`${id}-colour`}
              name={variantFieldName(index, "colour")}
              value={settings.colour}
              onChange={(e) => onChange({ colour: e.currentTarget.value })}
              className="field-input"
            >
              {colours.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div>
          <label htmlFor={`${id}-keynote`} className="field-label">
            {t(`${V}.keynote`)}
          </label>
          <select
            id={`${id}-keynote`}
            name={variantFieldName(index, "keynote")}
            value={settings.keynote}
            onChange={(e) => onChange({ keynote: e.currentTarget.value })}
            className="field-input"
          >
            <option value="">{t(`${V}.keynoteNone`)}</option>
            {keynotes.map((k) => (
              <option key={k.id} value={k.id}>
                {k.name}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-slides`} className="field-label">
            {t(`${V}.googleSlides`)}
          </label>
          <input
            id={`${id}-slides`}
            type="url"
            inputMode="url"
            name={variantFieldName(index, "googleSlides")}
            value={settings.googleSlides}
            onChange={(e) => onChange({ googleSlides: e.currentTarget.value })}
            aria-describedby={`${id}-slides-hint`}
            autoComplete="off"
            spellCheck={false}
            className="field-input"
          />
          <p id={`${id}-slides-hint`} className="mt-1.5 text-sm text-ink-muted">
            {t(`${V}.googleSlidesHint`)}
          </p>
        </div>
      </div>
    </li>
  );
}

/** What the server read in the deck: slides, ratio, fonts, theme colours, and what to check. */
function DeckFacts({ facts }: { facts: DeckSummary }) {
  const { t } = useI18n();
  const none = t(`${V}.noFont`);
  return (
    <>
      <dl className="mt-4 grid gap-x-6 gap-y-2 rounded-lg bg-canvas p-3 text-sm ring-1 ring-line/60 sm:grid-cols-2">
        <div className="flex gap-1.5">
          <dt className="text-ink-muted">{t(`${V}.ratio`)}:</dt>
          <dd className="font-medium text-ink">
            {facts.aspectRatio === "custom" ? t(`${V}.ratioCustom`) : facts.aspectRatio}
          </dd>
        </div>
        <div className="flex min-w-0 gap-1.5">
          <dt className="shrink-0 text-ink-muted">{t(`${V}.headingFont`)}:</dt>
          <dd className="min-w-0 truncate font-medium text-ink">{facts.headingFont ?? none}</dd>
        </div>
        <div className="flex min-w-0 gap-1.5">
          <dt className="shrink-0 text-ink-muted">{t(`${V}.bodyFont`)}:</dt>
          <dd className="min-w-0 truncate font-medium text-ink">{facts.bodyFont ?? none}</dd>
        </div>
        {facts.themeColors.length > 0 ? (
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <dt className="text-ink-muted">{t(`${V}.themeColours`)}:</dt>
            <dd>
              <ul className="flex flex-wrap gap-x-3 gap-y-1.5">
                {facts.themeColors.map((c, i) => (
                  <li key={`${c}-${i}`} className="inline-flex items-center gap-1.5">
                    <span aria-hidden="true" className="swatch" style={{ backgroundColor: c }} />
                    <span className="font-mono text-xs text-ink-soft">{c.toUpperCase()}</span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
      {facts.missingFonts.length > 0 ? (
        <div className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          <p className="font-medium">{t(`${V}.missingFonts`, { count: facts.missingFonts.length })}</p>
          <ul className="mt-1 list-disc pl-5">
            {facts.missingFonts.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {facts.links.length > 0 ? (
        <div className="mt-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800 ring-1 ring-brand-200">
          <p className="font-medium">{t(`${V}.links`, { count: facts.links.length })}</p>
          <ul className="mt-1 list-disc pl-5">
            {facts.links.map((l, i) => (
              <li key={`${l}-${i}`} className="break-all">
                {l}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
