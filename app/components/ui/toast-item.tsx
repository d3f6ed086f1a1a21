import { useEffect, useRef, useState } from "react";
import { UI } from "#config/browser.ts";
import { useI18n } from "../i18n.tsx";
import { CloseIcon } from "../icons.tsx";

export type ToastTone = "success" | "error";
export type Toast = { id: number; tone: ToastTone; message: string };

/** One notice (ui/toast.tsx): loaded with the first one shown, as no page needs it to draw. */
export default function ToastItem({ toast, dismiss }: { toast: Toast; dismiss: (id: number) => void }) {
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
