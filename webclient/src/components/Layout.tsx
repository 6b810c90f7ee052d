import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { useTranslation } from "react-i18next";
import { Header } from "./Header";
import { Footer } from "./Footer";
import { ProgressBar } from "./ProgressBar";
import { Toasts } from "./Toasts";
import { LoginModalSlot } from "./LoginModal/LoginModalSlot";
import { ChannelCapture } from "./ChannelCapture";
import "./Layout.css";

// Parts that draw nothing on the first frame are chunks of their own, fetched at once, in parallel
// with the page (initial-JS budget, e2e/bundle-budget.test.mjs): the socket bridge, the head
// manager (the first page keeps the head the server wrote), the live-notice toast, and the
// proclamation banner (it shows only once its announcement has been fetched anyway).
const bridge = import("../realtime/RealtimeBridge");
const headManager = import("../seo/HeadManager");
const liveNotice = import("./LiveNotice/LiveNoticeToast");
const proclamation = import("./Proclamation/ProclamationBanner");
const RealtimeBridge = lazy(async () => ({ default: (await bridge).RealtimeBridge }));
const HeadManager = lazy(async () => ({ default: (await headManager).HeadManager }));
const LiveNoticeToast = lazy(async () => ({ default: (await liveNotice).LiveNoticeToast }));
const ProclamationBanner = lazy(async () => ({ default: (await proclamation).ProclamationBanner }));

/** The frame of every page: header, main, footer and the global overlays. */
export function Layout() {
  const { t } = useTranslation();
  return (
    <div className="layout">
      <a className="visually-hidden" href="#main">{t("app.skipToContent")}</a>
      <ProgressBar />
      <Header />
      <Suspense fallback={null}>
        <ProclamationBanner />
      </Suspense>
      <main id="main" className="layout__main">
        <Outlet />
      </main>
      <Footer />
      <LoginModalSlot />
      <Toasts />
      <Suspense fallback={null}>
        <HeadManager />
        <RealtimeBridge />
        <LiveNoticeToast />
      </Suspense>
      <ChannelCapture />
    </div>
  );
}
