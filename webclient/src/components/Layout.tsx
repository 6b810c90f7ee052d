import { Outlet } from "react-router";
import { useTranslation } from "react-i18next";
import { Header } from "./Header";
import { Footer } from "./Footer";
import { ProgressBar } from "./ProgressBar";
import { Toasts } from "./Toasts";
import { LoginModalSlot } from "./LoginModal/LoginModalSlot";
import { HeadManager } from "../seo/HeadManager";
import { RealtimeBridge } from "../realtime/RealtimeBridge";
import { ChannelCapture } from "./ChannelCapture";
import { LiveNoticeToast } from "./LiveNotice/LiveNoticeToast";
import { ProclamationBanner } from "./Proclamation/ProclamationBanner";
import "./Layout.css";

/** The frame of every page: header, main, footer and the global overlays. */
export function Layout() {
  const { t } = useTranslation();
  return (
    <div className="layout">
      <a className="visually-hidden" href="#main">{t("app.skipToContent")}</a>
      <ProgressBar />
      <Header />
      <ProclamationBanner />
      <main id="main" className="layout__main">
        <Outlet />
      </main>
      <Footer />
      <LoginModalSlot />
      <Toasts />
      <HeadManager />
      <RealtimeBridge />
      <ChannelCapture />
      <LiveNoticeToast />
    </div>
  );
}
