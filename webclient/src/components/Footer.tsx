import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { SITE_NAME } from "../config";
import { useNewsT } from "../i18n/news";
import { useChannelT } from "../i18n/channel";
import { useVideosT } from "../i18n/videos";
import { useSelfTestT } from "../i18n/selftest";
import { useSupportT } from "../i18n/support";
import { useContentT } from "../i18n/content";
import { useJiamiT } from "../i18n/jiami";
import { useDemoScores } from "../state/catalogue";
import styles from "./Footer.module.css";

export function Footer() {
  const { t } = useTranslation();
  const { t: nt } = useNewsT();
  const { t: ct } = useChannelT();
  const { t: vt } = useVideosT();
  const { t: st } = useSelfTestT();
  const { t: sp } = useSupportT();
  const { t: pt } = useContentT();
  const { t: jt } = useJiamiT();
  const demo = useDemoScores();
  return (
    <footer className={styles.footer} data-testid="footer">
      <nav className={styles.footerLinks} aria-label={t("discover.footer.label")} data-testid="footer-discover">
        <Link to="/live" data-testid="footer-live">{t("discover.footer.live")}</Link>
        <Link to="/anchor/anchorList" data-testid="footer-streamers">{t("discover.footer.streamers")}</Link>
        <Link to="/leagueLibrary" data-testid="footer-library">{t("discover.footer.library")}</Link>
        <Link to="/news" data-testid="footer-news">{nt("nav")}</Link>
        <Link to="/videos/videoList" data-testid="footer-videos">{vt("title")}</Link>
      </nav>
      <nav className={styles.footerLinks}>
        <Link to="/download" data-testid="footer-download">{ct("download.footer")}</Link>
        <Link to="/test" data-testid="footer-selftest">{st("link")}</Link>
        <Link to="/jiami" data-testid="footer-jiami">{jt("link")}</Link>
        <Link to="/salesmartly" data-testid="footer-support">{sp("link")}</Link>
        <Link to="/about">{t("footer.about")}</Link>
        <Link to="/protocol/1">{t("footer.terms")}</Link>
        <Link to="/protocol/2">{t("footer.privacy")}</Link>
      </nav>
      <nav className={styles.footerLinks} aria-label={pt("footer.protocols")} data-testid="footer-protocols">
        <Link to="/protocol/streamer">{pt("footer.streamer")}</Link>
        <Link to="/protocol/complaint">{pt("footer.complaint")}</Link>
        <Link to="/protocol/responsibility">{pt("footer.responsibility")}</Link>
        <Link to="/protocol/cooperation">{pt("footer.cooperation")}</Link>
        <Link to="/certificate">{pt("footer.certificate")}</Link>
        <Link to="/protocol" data-testid="footer-protocols-all">{pt("footer.protocols")}</Link>
      </nav>
      <p className={styles.footerRights}>
        © {new Date().getFullYear()} {SITE_NAME}. {t("footer.rights")}
        {demo && (
          <span className={styles.footerDemo} title={t("matches.simulatedHint")} data-testid="demo-badge">
            {t("matches.simulated")}
          </span>
        )}
      </p>
    </footer>
  );
}
