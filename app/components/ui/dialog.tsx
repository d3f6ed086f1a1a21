import { type ReactNode, useEffect, useId, useRef } from "react";
import { useI18n } from "../i18n.tsx";
import { CloseIcon } from "../icons.tsx";

/**
 * A modal on the native <dialog>: focus stays inside while open, Escape and the backdrop close it,
 * and it is labelled by its title. Rendered open on the server when a no-JS form came back with a reason.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  actions,
  tone = "default",
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  tone?: "default" | "premium";
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // The server drew it open (not modal): it is closed and shown again as a modal once scripts run. That
  // close is no one's wish to leave, so its (later) close event is not passed on to `onClose`.
  const reopening = useRef(false);
  const titleId = useId();
  const { t } = useI18n();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open) {
      if (d.open && !d.matches(":modal")) {
        reopening.current = true;
        d.close();
      }
      if (!d.open) d.showModal();
    } else if (d.open) d.close();
  }, [open]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape does the same from the keyboard (native)
    <dialog
      ref={ref}
      open={open && typeof window === "undefined" ? true : undefined}
      aria-labelledby={titleId}
      onClose={() => {
        if (reopening.current) {
          reopening.current = false;
          return;
        }
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      className="fixed inset-0 m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl bg-surface p-0 text-ink shadow-lift backdrop:bg-ink/50"
    >
      <div className={`h-1.5 rounded-t-2xl ${tone === "premium" ? "bg-premium-600" : "bg-brand-600"}`} />
      <div className="p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold tracking-tight">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="btn-ghost -mt-1 -mr-2 px-2"
            aria-label={t("downloads.dialogs.close")}
          >
            <CloseIcon />
          </button>
        </div>
        <div className="mt-3 flex flex-col gap-3 text-ink-soft">{children}</div>
        {actions ? <div className="mt-6 flex flex-wrap justify-end gap-3">{actions}</div> : null}
      </div>
    </dialog>
  );
}
