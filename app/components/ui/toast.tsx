import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useState } from "react";
import { UI } from "#config/browser.ts";
import type { Toast, ToastTone } from "./toast-item.tsx";

/**
 * Short notices of what an action in place did (SPEC §8's successes and failures: a favourite saved, a
 * collection changed, a change that failed), seen and heard: they appear at the bottom of the screen and
 * are read out by the live region they are written into (a failure assertively). Each goes by itself after
 * a few seconds, later while the pointer or the focus is on it, or at once with its close button.
 */
export type { ToastTone };

type Show = (toast: { tone: ToastTone; message: string }) => void;

const ToastContext = createContext<Show | null>(null);

/** Shows a notice; outside the provider (a page without the site's chrome) it does nothing. */
export function useToast(): Show {
  return useContext(ToastContext) ?? noop;
}
const noop: Show = () => {};

/** A notice itself, loaded when the first is shown; a failed load (a deploy replaced it) shows the words. */
const ToastItem = lazy(() =>
  import("./toast-item.tsx").catch(() => ({
    default: ({ toast }: { toast: Toast; dismiss: (id: number) => void }) => (
      <p role={toast.tone === "error" ? "alert" : "status"}>{toast.message}</p>
    ),
  })),
);

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
      <div className="toast-region">
        {/* Both live regions are there from the start, so what is written into them is read out. */}
        <div aria-live="polite" className="toast-stack">
          <Suspense fallback={null}>
            {toasts
              .filter((t) => t.tone === "success")
              .map((t) => (
                <ToastItem key={t.id} toast={t} dismiss={dismiss} />
              ))}
          </Suspense>
        </div>
        <div aria-live="assertive" className="toast-stack">
          <Suspense fallback={null}>
            {toasts
              .filter((t) => t.tone === "error")
              .map((t) => (
                <ToastItem key={t.id} toast={t} dismiss={dismiss} />
              ))}
          </Suspense>
        </div>
      </div>
    </ToastContext.Provider>
  );
}
