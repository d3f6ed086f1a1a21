import { useEffect, useState } from "react";
import { useI18n } from "../i18n.tsx";

/** Tracks online and offline status and says so while offline. */
export function OnlineStatus() {
  const { t } = useI18n();
  const [online, setOnline] = useState(true);
  const [recovered, setRecovered] = useState(false);
  useEffect(() => {
    setOnline(navigator.onLine);
    const up = () => {
      setOnline(true);
      setRecovered(true);
      setTimeout(() => setRecovered(false), 4000);
    };
    const down = () => {
      setOnline(false);
      console.warn("network: offline");
    };
    window.addEventListener("online", up);
    window.addEventListener("offline", down);
    return () => {
      window.removeEventListener("online", up);
      window.removeEventListener("offline", down);
    };
  }, []);
  if (online && !recovered) return null;
  return (
    <div role="status" className="status-bar">
      <p className={`status-pill ${online ? "bg-emerald-700" : "bg-ink"}`}>
        {online ? t("common.status.backOnline") : t("common.status.offline")}
      </p>
    </div>
  );
}
