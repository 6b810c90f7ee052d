import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { SITE_NAME } from "../config";
import "./Footer.css";

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer" data-testid="footer">
      <nav className="footer__links">
        <Link to="/about">{t("footer.about")}</Link>
        <Link to="/protocol/1">{t("footer.terms")}</Link>
        <Link to="/protocol/2">{t("footer.privacy")}</Link>
      </nav>
      <p className="footer__rights">
        © {new Date().getFullYear()} {SITE_NAME}. {t("footer.rights")}
      </p>
    </footer>
  );
}
