import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { UI } from "#config/browser.ts";
import { useI18n } from "../i18n.tsx";

/** A thin bar while a navigation is under way: appears after the throttle, creeps over the duration, hides after a delay. */
export function ProgressBar() {
  const navigation = useNavigation();
  const { t } = useI18n();
  const busy = navigation.state !== "idle";
  const [phase, setPhase] = useState<"hidden" | "running" | "done">("hidden");

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => setPhase("running"), UI.progressBar.throttleMs);
      return () => clearTimeout(timer);
    }
    setPhase((p) => (p === "running" ? "done" : "hidden"));
    const timer = setTimeout(() => setPhase("hidden"), UI.progressBar.hideDelayMs);
    return () => clearTimeout(timer);
  }, [busy]);

  if (phase === "hidden") return null;
  return (
    <div
      role="progressbar"
      aria-label={t("common.status.loading")}
      aria-busy={phase === "running"}
      className="progress-track"
    >
      <div
        className="h-full bg-brand-600"
        style={{
          width: phase === "running" ? "90%" : "100%",
          opacity: phase === "done" ? 0 : 1,
          transition:
            phase === "running"
              ? `width ${UI.progressBar.durationMs}ms cubic-bezier(0.1, 0.7, 0.3, 1)`
              : `width 150ms ease-out, opacity ${UI.progressBar.hideDelayMs}ms ease-in 150ms`,
        }}
      />
    </div>
  );
}
