import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { type FolderFailure, folderFailureKey } from "#app/lib/folders.client.ts";
import type { FolderActionData } from "#app/lib/folders.server.ts";
import { ACCOUNT_LIMITS } from "#config/constants.ts";
import { useI18n } from "../i18n.tsx";
import { CheckIcon, FolderIcon, PlusIcon } from "../icons.tsx";
import { useToast } from "../ui/toast.tsx";

export type FolderSummary = { id: number; name: string; templatesCount: number };

/** Where every collection form posts: the favourites page's action (it also answers plain forms). */
export function useFoldersAction() {
  const { href } = useI18n();
  return href("/profile/favorites");
}

export type FolderAnswer = FolderActionData | FolderFailure;

type Validation = typeof import("./folder-validation.ts");
let validation: Validation | undefined;

/**
 * The name check, fetched once the first collection form is shown. Until it has arrived the form still
 * has its required and length limits, and the action answers with the same messages.
 */
function useFolderValidation(): Validation | undefined {
  const [loaded, setLoaded] = useState(validation);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    import("./folder-validation.ts").then((m) => {
      validation = m;
      if (live) setLoaded(m);
    });
    return () => {
      live = false;
    };
  }, [loaded]);
  return loaded;
}

/**
 * The message of the last answer: shown in place where `visible` (always when the request failed);
 * otherwise a notice at the bottom of the screen (app/components/ui/toast.tsx), seen and read out.
 */
export function FolderStatus({ data, visible = false }: { data: FolderAnswer | undefined; visible?: boolean }) {
  const { t } = useI18n();
  const toast = useToast();
  const failed = data !== undefined && "failed" in data;
  const inPlace = visible || failed;
  // Each answer once, as a notice when it is not shown in place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one notice per answer
  useEffect(() => {
    if (!data || inPlace || "failed" in data) return;
    toast({ tone: data.ok ? "success" : "error", message: data.message });
  }, [data]);
  if (!data || !inPlace) return null;
  if ("failed" in data)
    return (
      <p role="status" className="text-sm text-red-700" data-folder-status="error">
        {t(folderFailureKey(data.intent))}
      </p>
    );
  return (
    <p
      role="status"
      className={`text-sm ${data.ok ? "text-emerald-800" : "text-red-700"}`}
      data-folder-status={data.ok ? "ok" : "error"}
    >
      {data.message}
    </p>
  );
}

/** One collection in the menu: pressed when the template is in it; a press adds or removes it. */
function FolderToggle({ folder, templateId, inside }: { folder: FolderSummary; templateId: number; inside: boolean }) {
  const fetcher = useFetcher<FolderAnswer>();
  const action = useFoldersAction();
  const pending = fetcher.formData ? fetcher.formData.get("intent") === "addToFolder" : null;
  const pressed = pending ?? inside;
  return (
    <li>
      <fetcher.Form method="post" action={action}>
        <input type="hidden" name="intent" value={inside ? "removeFromFolder" : "addToFolder"} />
        <input type="hidden" name="folderId" value={folder.id} />
        <input type="hidden" name="templateId" value={templateId} />
        <button
          type="submit"
          aria-pressed={pressed}
          className="flex w-full items-center gap-3 rounded-lg px-2.5 py-2 text-left text-sm text-ink hover:bg-brand-50 aria-pressed:font-semibold"
        >
          <span
            className={`inline-flex size-5 shrink-0 items-center justify-center rounded border ${pressed ? "border-brand-600 bg-brand-600 text-white" : "border-line bg-surface"}`}
          >
            {pressed ? <CheckIcon width={14} height={14} /> : null}
          </span>
          <span className="min-w-0 flex-1 truncate">{folder.name}</span>
          <span className="text-xs text-ink-muted tabular-nums">{folder.templatesCount}</span>
        </button>
      </fetcher.Form>
      <FolderStatus data={fetcher.data} />
    </li>
  );
}

/**
 * A collection's name in a one-field form: a new collection (with the template put in it at once when
 * one is given) or a new name for one. The schema is the action's (loaded with the form); errors show
 * under the field.
 */
export function FolderNameForm({
  intent,
  folder,
  templateId,
  compact = false,
}: {
  intent: "createFolder" | "renameFolder";
  /** The collection to rename. */
  folder?: FolderSummary;
  templateId?: number;
  compact?: boolean;
}) {
  const { t } = useI18n();
  const fetcher = useFetcher<FolderAnswer>();
  const action = useFoldersAction();
  const id = useId();
  const rename = intent === "renameFolder";
  const check = useFolderValidation();
  const [form, fields] = useForm({
    id: `${intent}-${folder?.id ?? templateId ?? "page"}-${id}`,
    lastResult: fetcher.state === "idle" && fetcher.data && "result" in fetcher.data ? fetcher.data.result : undefined,
    defaultValue: folder ? { name: folder.name } : undefined,
    constraint: { name: { required: true, maxLength: ACCOUNT_LIMITS.folderNameMax } },
    onValidate: check ? ({ formData }) => check.validateFolderName(formData, rename) : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const error = fields.name.errors?.[0] ?? form.errors?.[0];
  return (
    <fetcher.Form
      method="post"
      action={rename ? undefined : action}
      {...getFormProps(form)}
      className="flex flex-col gap-1.5"
    >
      <input type="hidden" name="intent" value={intent} />
      {folder ? <input type="hidden" name="folderId" value={folder.id} /> : null}
      {templateId ? <input type="hidden" name="templateId" value={templateId} /> : null}
      <label htmlFor={fields.name.id} className={compact ? "text-xs font-semibold text-ink-soft" : "field-label"}>
        {t(rename ? "account.folders.newNameFor" : "account.folders.newName")}
      </label>
      <div className="flex gap-2">
        <input
          {...getInputProps(fields.name, { type: "text" })}
          key={fields.name.key}
          autoComplete="off"
          className={`field-input min-w-0 flex-1 ${compact ? "py-1.5 text-sm" : ""}`}
        />
        <button
          type="submit"
          className={compact ? "btn-primary px-3 py-1.5" : "btn-primary"}
          disabled={fetcher.state !== "idle"}
        >
          {rename ? null : <PlusIcon width={16} height={16} />}
          <span className={compact ? "sr-only" : ""}>
            {t(rename ? "account.folders.save" : "account.folders.create")}
          </span>
        </button>
      </div>
      {error ? (
        <p id={fields.name.errorId} className="field-error">
          {t(error, { max: ACCOUNT_LIMITS.folderNameMax })}
        </p>
      ) : null}
      {fetcher.data?.ok || (fetcher.data && "failed" in fetcher.data) ? (
        <FolderStatus data={fetcher.data} visible={!compact || !fetcher.data.ok} />
      ) : null}
    </fetcher.Form>
  );
}

/**
 * "Collections" on a template: the account's collections, each pressed when it holds the template, and
 * a new one made on the spot. A disclosure that works without scripts (its forms post to the
 * favourites page).
 */
export function FolderMenu({
  templateId,
  templateName,
  folders,
  inFolders,
  align = "start",
}: {
  templateId: number;
  templateName: string;
  folders: FolderSummary[];
  inFolders: number[];
  align?: "start" | "end";
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLDetailsElement>(null);
  const headingId = useId();
  // Escape or a click elsewhere closes the menu.
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && d.open) {
        d.open = false;
        d.querySelector("summary")?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (d.open && !d.contains(e.target as Node)) d.open = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, []);
  const count = inFolders.length;
  return (
    <details ref={ref} className="relative" data-folder-menu={templateId}>
      <summary className="btn-secondary disclosure px-3 py-2">
        <FolderIcon width={18} height={18} />
        <span>{count ? t("account.folders.inCount", { count }) : t("account.folders.saveTo")}</span>
        <span className="sr-only">: {templateName}</span>
      </summary>
      <fieldset
        aria-labelledby={headingId}
        className={`fixed inset-x-4 bottom-4 z-40 flex min-w-0 flex-col gap-3 rounded-xl bg-surface p-3 shadow-lift ring-1 ring-line sm:absolute sm:inset-x-auto sm:bottom-auto sm:mt-2 sm:w-72 ${align === "end" ? "sm:right-0" : "sm:left-0"}`}
      >
        <p id={headingId} className="px-1 text-sm font-semibold text-ink">
          {t("account.folders.saveTitle")}
        </p>
        {folders.length ? (
          <ul className="flex max-h-64 flex-col overflow-y-auto">
            {folders.map((f) => (
              <FolderToggle key={f.id} folder={f} templateId={templateId} inside={inFolders.includes(f.id)} />
            ))}
          </ul>
        ) : (
          <p className="px-1 text-sm text-ink-muted">{t("account.folders.noneYet")}</p>
        )}
        <div className="border-t border-line pt-3">
          <FolderNameForm intent="createFolder" templateId={templateId} compact />
        </div>
      </fieldset>
    </details>
  );
}
