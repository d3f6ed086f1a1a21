import { Link } from "react-router";
import type { NavTag } from "#app/root.tsx";
import { BRAND } from "#config/browser.ts";
import { useI18n } from "../i18n.tsx";
import { InstagramIcon, LogoMark, PinterestIcon, XIcon } from "../icons.tsx";

export function Footer({ nav }: { nav: NavTag[] }) {
  const { t, href } = useI18n();
  const categories = nav.filter((n) => n.type === "category");
  const col = "footer-col";
  const link = "footer-link";
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <div className="lg:col-span-2">
          <Link to={href("/")} className="footer-logo">
            <LogoMark />
            {t("common.brand")}
          </Link>
          <p className="footer-about">{t("common.footer.about")}</p>
          <p className="footer-follow">{t("common.footer.follow")}</p>
          <ul className="mt-2 flex gap-2">
            {(
              [
                ["twitter", XIcon],
                ["pinterest", PinterestIcon],
                ["instagram", InstagramIcon],
              ] as const
            ).map(([name, Icon]) => (
              <li key={name}>
                <a
                  href={BRAND.social[name]}
                  rel="noopener noreferrer me"
                  target="_blank"
                  className="social-link"
                  aria-label={t(`common.footer.${name}`)}
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label={t("common.footer.explore")} className={col}>
          <h2 className="footer-heading">{t("common.footer.explore")}</h2>
          <Link className={link} to={href("/")}>
            {t("common.nav.home")}
          </Link>
          <Link className={link} to={href("/templates")}>
            {t("common.nav.templates")}
          </Link>
          <Link className={link} to={href("/trending")}>
            {t("common.nav.trending")}
          </Link>
          <Link className={link} to={href("/latest")}>
            {t("common.nav.latest")}
          </Link>
          <Link className={link} to={href("/blog")}>
            {t("common.footer.blog")}
          </Link>
        </nav>
        <nav aria-label={t("common.footer.categories")} className={col}>
          <h2 className="footer-heading">{t("common.footer.categories")}</h2>
          {categories.map((c) => (
            <Link key={c.id} className={link} to={href(`/${c.slug}`)}>
              {c.name}
            </Link>
          ))}
        </nav>
        <nav aria-label={t("common.footer.help")} className={col}>
          <h2 className="footer-heading">{t("common.footer.help")}</h2>
          <Link className={link} to={href("/faq")}>
            {t("common.footer.faq")}
          </Link>
          <Link className={link} to={href("/contact-us")}>
            {t("common.footer.contact")}
          </Link>
          <Link className={link} to={href("/license")}>
            {t("common.footer.license")}
          </Link>
          <Link className={link} to={href("/terms-conditions")}>
            {t("common.footer.terms")}
          </Link>
          <Link className={link} to={href("/privacy-policy")}>
            {t("common.footer.privacy")}
          </Link>
          <Link className={link} to={href("/cookie-policy")}>
            {t("common.footer.cookies")}
          </Link>
        </nav>
      </div>
      <div className="border-t border-line">
        <p className="footer-copyright">{t("common.footer.copyright", { year: String(BRAND.copyrightYear) })}</p>
      </div>
    </footer>
  );
}
