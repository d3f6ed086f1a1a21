import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";
import { UI } from "#config/browser.ts";
import { useI18n } from "../i18n.tsx";
import { CloseIcon } from "../icons.tsx";

/**
 * Short notices of what an action in place did (SPEC §8's successes and failures: a favourite saved, a
 * collection changed, a change that failed), seen and heard: they appear at the bottom of the screen and
 * are read out by the live region they are written into (a failure assertively). Each goes by itself after
 * a few seconds, later while the pointer or the focus is on it, or at once with its close button.
 */
export type ToastTone = "success" | "error";
type Toast = { id: number; tone: ToastTone; message: string };
type Show = (toast: { tone: ToastTone; message: string }) => void;

const ToastContext = createContext<Show | null>(null);

/** Shows a notice; outside the provider (a page without the site's chrome) it does nothing. */
export function useToast(): Show {
  return useContext(ToastContext) ?? noop;
}
const noop: Show = () => {};

let seq = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const show = useCallback<Show>(({ tone, message }) => {
    seq += 1;
    const id = seq;
    // The same words again replace the earlier notice instead of stacking it.
    setToasts((list) => [
      ...list.filter((t) => t.message !== message).slice(-(UI.toastMax - 1)),
      { id, tone, message },
    ]);
  }, []);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 sm:items-end sm:px-6">
        {/* Both live regions are there from the start, so what is written into them is read out. */}
        <div aria-live="polite" className="flex flex-col items-center gap-2 sm:items-end">
          {toasts
            .filter((t) => t.tone === "success")
            .map((t) => (
              <ToastItem key={t.id} toast={t} dismiss={dismiss} />
            ))}
        </div>
        <div aria-live="assertive" className="flex flex-col items-center gap-2 sm:items-end">
          {toasts
            .filter((t) => t.tone === "error")
            .map((t) => (
              <ToastItem key={t.id} toast={t} dismiss={dismiss} />
            ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, dismiss }: { toast: Toast; dismiss: (id: number) => void }) {
  const { t } = useI18n();
  const [held, setHeld] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  // Held while the pointer or the focus is on it (listened to on the element: it is no control itself).
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const hold = () => setHeld(true);
    const release = () => setHeld(false);
    const blur = (e: FocusEvent) => {
      if (!el.contains(e.relatedTarget as Node | null)) setHeld(false);
    };
    el.addEventListener("pointerenter", hold);
    el.addEventListener("pointerleave", release);
    el.addEventListener("focusin", hold);
    el.addEventListener("focusout", blur);
    return () => {
      el.removeEventListener("pointerenter", hold);
      el.removeEventListener("pointerleave", release);
      el.removeEventListener("focusin", hold);
      el.removeEventListener("focusout", blur);
    };
  }, []);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => dismiss(toast.id), toast.tone === "error" ? UI.toastErrorMs : UI.toastMs);
    return () => clearTimeout(timer);
  }, [held, toast, dismiss]);
  return (
    <div
      ref={ref}
      role={toast.tone === "error" ? "alert" : "status"}
      data-toast={toast.tone}
      className={`pointer-events-auto flex max-w-sm items-center gap-3 rounded-xl py-2.5 pr-2 pl-4 text-sm font-medium text-white shadow-lift motion-safe:animate-[toast-in_160ms_ease-out] ${
        toast.tone === "error" ? "bg-red-700" : "bg-ink"
      }`}
    >
      <p className="min-w-0 flex-1">{toast.message}</p>
      <button
        type="button"
        onClick={() => dismiss(toast.id)}
        className="grid size-8 shrink-0 place-items-center rounded-lg text-white/80 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
      >
        <CloseIcon width={16} height={16} />
        <span className="sr-only">{t("common.toast.dismiss")}</span>
      </button>
    </div>
  );
}
