import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { useTranslation } from "react-i18next";
import { Header } from "./Header";
import { LoginModalSlot } from "./LoginModal/LoginModalSlot";
import { useLinkClicks } from "./linkClicks";
import styles from "./Layout.module.css";

// Parts that draw nothing on the first frame are chunks of their own, fetched at once, in parallel
// with the page (initial-JS budget, e2e/bundle-budget.test.mjs): the socket bridge, the head
// manager (the first page keeps the head the server wrote), the live-notice toast, and the
// proclamation banner (it shows only once its announcement has been fetched anyway), and the
// footer (below the fold, and it names every section of the site), the toasts (none on the
// first frame), the channel capture (it records a partner's link once the page has started) and
// the progress bar (it shows only once a request has taken 200 ms).
const bridge = import("../realtime/RealtimeBridge");
const headManager = import("../seo/HeadManager");
const liveNotice = import("./LiveNotice/LiveNoticeToast");
const proclamation = import("./Proclamation/ProclamationBanner");
const footer = import("./Footer");
const toasts = import("./Toasts");
const channelCapture = import("./ChannelCapture");
const progressBar = import("./ProgressBar");
const RealtimeBridge = lazy(async () => ({ default: (await bridge).RealtimeBridge }));
const HeadManager = lazy(async () => ({ default: (await headManager).HeadManager }));
const LiveNoticeToast = lazy(async () => ({ default: (await liveNotice).LiveNoticeToast }));
const ProclamationBanner = lazy(async () => ({ default: (await proclamation).ProclamationBanner }));
const Footer = lazy(async () => ({ default: (await footer).Footer }));
const Toasts = lazy(async () => ({ default: (await toasts).Toasts }));
const ChannelCapture = lazy(async () => ({ default: (await channelCapture).ChannelCapture }));
const ProgressBar = lazy(async () => ({ default: (await progressBar).ProgressBar }));

/** The frame of every page: header, main, footer and the global overlays. */
export function Layout() {
  const { t } = useTranslation();
  useLinkClicks();
  return (
    <div className={styles.layout}>
      <a className="visually-hidden" href="#main">{t("app.skipToContent")}</a>
      <Suspense fallback={null}>
        <ProgressBar />
      </Suspense>
      <Header />
      <Suspense fallback={null}>
        <ProclamationBanner />
      </Suspense>
      <main id="main" className={styles.layoutMain}>
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <LoginModalSlot />
      <Suspense fallback={null}>
        <Toasts />
        <HeadManager />
        <RealtimeBridge />
        <LiveNoticeToast />
      </Suspense>
      <Suspense fallback={null}>
        <ChannelCapture />
      </Suspense>
    </div>
  );
}
