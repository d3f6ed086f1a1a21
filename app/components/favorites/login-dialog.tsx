import { Link } from "react-router";
import { useI18n } from "../i18n.tsx";
import { Dialog } from "../ui/dialog.tsx";

/** Favourites are for members: the dialog a guest sees on a heart, back to this page after either way in. */
export function LoginDialog({ back, onClose }: { back: string; onClose: () => void }) {
  const { t, href } = useI18n();
  return (
    <Dialog
      open
      onClose={onClose}
      title={t("auth.dialog.title")}
      actions={
        <>
          <Link
            to={`${href("/signup")}?redirect=${encodeURIComponent(back)}`}
            className="btn-secondary"
            onClick={onClose}
          >
            {t("auth.dialog.signup")}
          </Link>
          <Link to={`${href("/login")}?redirect=${encodeURIComponent(back)}`} className="btn-primary" onClick={onClose}>
            {t("auth.dialog.login")}
          </Link>
        </>
      }
    >
      <p>{t("auth.dialog.text")}</p>
    </Dialog>
  );
}
