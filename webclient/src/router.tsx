// Routes of the shell. Every page, home included, loads lazily, so the first chunk holds only
// the shell (its initial-JS budget: e2e/bundle-budget.test.mjs); a failed chunk load reloads
// the page at most once per 60 s (spec §8), otherwise the network-problem page shows.
import { createBrowserRouter, isRouteErrorResponse, Navigate, useRouteError, type RouteObject } from "react-router";
import { Layout } from "./components/Layout";
import NotFound from "./components/ErrorPages/NotFound";
import NetworkError from "./components/ErrorPages/NetworkError";
import { isChunkLoadError, reloadOnce } from "./reloadGuard";

function RouteError() {
  const err = useRouteError();
  if (isRouteErrorResponse(err) && err.status === 404) return <NotFound />;
  if (isChunkLoadError(err) && reloadOnce()) return null;
  return <NetworkError />;
}

/** The routes (the route table test reads them). */
export const routes: RouteObject[] = [
  {
    path: "/",
    element: <Layout />,
    errorElement: <RouteError />,
    // While a lazily loaded route arrives. The first page does not show it: boot/app.tsx renders once the
    // route is loaded, and until then the first HTML's static shell stays (api/siteshell.go).
    hydrateFallbackElement: <div aria-busy="true" />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import("./pages/Home/Home")).default }) },
          // live (issue 17): every live room, and the site search
          { path: "live", lazy: async () => ({ Component: (await import("./pages/Live/LivePage")).default }) },
          // search (issue 22): the site search, under its long and short paths
          { path: "search/:text", lazy: async () => ({ Component: (await import("./pages/Search/SearchPage")).default }) },
          { path: "s/:text", lazy: async () => ({ Component: (await import("./pages/Search/SearchPage")).default }) },
          { path: "live/data", lazy: async () => ({ Component: (await import("./pages/Live/LiveData")).default }) },
          { path: "live/:id", lazy: async () => ({ Component: (await import("./pages/LiveRoom/LiveRoom")).default }) },
          // gift effects (issue 17): every gift's animation, as a live room plays it
          { path: "svga", lazy: async () => ({ Component: (await import("./pages/Svga/Svga")).default }) },
          // multi-view and custom-tag rooms (issue 17)
          { path: "live2", lazy: async () => ({ Component: (await import("./pages/MultiView/MultiView")).default }) },
          { path: "customLive/:id?", lazy: async () => ({ Component: (await import("./pages/Live/CustomLive")).default }) },
          { path: "protocol/:id", lazy: async () => ({ Component: (await import("./pages/Protocol/Protocol")).default }) },
          { path: "about", lazy: async () => ({ Component: (await import("./pages/Protocol/Protocol")).About }) },
          // content (issues 16, 19): the index of the protocol pages, and the licences page
          { path: "protocol", lazy: async () => ({ Component: (await import("./pages/Protocol/Protocol")).ProtocolIndex }) },
          { path: "certificate", lazy: async () => ({ Component: (await import("./pages/Protocol/Protocol")).Certificate }) },
          { path: "network-error", element: <NetworkError /> },
          { path: "access-denied", lazy: async () => ({ Component: (await import("./components/ErrorPages/AccessDenied")).default }) },
          // wallet (issue 6)
          { path: "recharge", lazy: async () => ({ Component: (await import("./pages/Wallet/Recharge")).default }) },
          { path: "userInfo/vip", lazy: async () => ({ Component: (await import("./pages/Wallet/Vip")).default }) },
          { path: "userInfo/water", lazy: async () => ({ Component: (await import("./pages/Wallet/Water")).default }) },
          // account (issue 5): the user area
          {
            path: "userInfo",
            lazy: async () => ({ Component: (await import("./pages/User/UserArea")).default }),
            children: [
              { index: true, lazy: async () => ({ Component: (await import("./pages/User/Profile")).default }) },
              { path: "info", lazy: async () => ({ Component: (await import("./pages/User/BasicInfo")).default }) },
              { path: "setting", lazy: async () => ({ Component: (await import("./pages/User/Setting")).default }) },
              { path: "focus", lazy: async () => ({ Component: (await import("./pages/User/Focus")).default }) },
              // shop (issue 21): redemption records, blind-box draws, all orders
              { path: "exchange", lazy: async () => ({ Component: (await import("./pages/Shop/Exchange")).default }) },
              { path: "redMall", lazy: async () => ({ Component: (await import("./pages/Shop/RedMall")).default }) },
              { path: "myOrder", lazy: async () => ({ Component: (await import("./pages/Shop/MyOrder")).default }) },
              // news (issue 22): the user's submitted posts, the user's comments and replies
              { path: "userNews", lazy: async () => ({ Component: (await import("./pages/News/UserNews")).default }) },
              { path: "userPost", lazy: async () => ({ Component: (await import("./pages/News/UserPosts")).default }) },
              // user area (issue 23): levels, message centre, tasks, preferences, gifts sent
              { path: "levalPower", lazy: async () => ({ Component: (await import("./pages/User/LevelPower")).default }) },
              { path: "msgInfo", lazy: async () => ({ Component: (await import("./pages/User/Messages")).default }) },
              { path: "myTask", lazy: async () => ({ Component: (await import("./pages/User/Tasks")).default }) },
              { path: "preferences", lazy: async () => ({ Component: (await import("./pages/User/Preferences")).default }) },
              { path: "send", lazy: async () => ({ Component: (await import("./pages/User/SentGifts")).default }) },
              { path: ":id", lazy: async () => ({ Component: (await import("./pages/User/Profile")).default }) },
            ],
          },
          // anchor (issue 9): streamer centre, anchor list, streamer page
          {
            path: "anchorCenter",
            lazy: async () => ({ Component: (await import("./pages/Anchor/AnchorCenter")).default }),
            children: [
              { index: true, lazy: async () => ({ Component: (await import("./pages/Anchor/AnchorCenter")).Broadcast }) },
              { path: "live", lazy: async () => ({ Component: (await import("./pages/Anchor/LiveSettings")).default }) },
              { path: "revenueDetails", lazy: async () => ({ Component: (await import("./pages/Anchor/Revenue")).default }) },
              // issue 17: the linked match and the stream's health; the streamer rules of spec §6
              { path: "liveLinkDetails", lazy: async () => ({ Component: (await import("./pages/Anchor/LiveLinkDetails")).default }) },
              { path: "rules", lazy: async () => ({ Component: (await import("./pages/Anchor/StreamerRules")).default }) },
            ],
          },
          { path: "anchor", lazy: async () => ({ Component: (await import("./pages/Anchor/AnchorList")).default }) },
          // the connection self-test (decision 0016)
          { path: "test", lazy: async () => ({ Component: (await import("./pages/SelfTest/SelfTest")).default }) },
          // issue 19 (decision 0016): avatar cropping, how the site protects data
          { path: "caijian", lazy: async () => ({ Component: (await import("./pages/Caijian/Caijian")).default }) },
          { path: "jiami", lazy: async () => ({ Component: (await import("./pages/Jiami/Jiami")).default }) },
          // customer service (decision 0016, issue 19): the help centre and messages to support
          { path: "salesmartly", lazy: async () => ({ Component: (await import("./pages/Support/Support")).default }) },
          { path: "anchor/anchorList", lazy: async () => ({ Component: (await import("./pages/Anchor/AnchorList")).default }) },
          { path: "anchor/:id", lazy: async () => ({ Component: (await import("./pages/Anchor/AnchorList")).AnchorPage }) },
          // shop (issue 21): the coin shop and a product
          // news (issue 22): every game's news, a game's channel, an article with or without its game
          { path: "news", lazy: async () => ({ Component: (await import("./pages/News/NewsList")).default }) },
          { path: "news/:game", lazy: async () => ({ Component: (await import("./pages/News/NewsRoute")).default }) },
          { path: "news/:game/:id", lazy: async () => ({ Component: (await import("./pages/News/NewsArticle")).default }) },
          { path: "news/:id", lazy: async () => ({ Component: (await import("./pages/News/NewsRoute")).default }) },
          { path: "mall", lazy: async () => ({ Component: (await import("./pages/Shop/Mall")).default }) },
          { path: "mall/details/:id", lazy: async () => ({ Component: (await import("./pages/Shop/ProductDetails")).default }) },
          // matches (issue 7): match list, data library, match detail
          { path: "match/:list?", lazy: async () => ({ Component: (await import("./pages/Matches/MatchListPage")).default }) },
          { path: "leagueLibrary", lazy: async () => ({ Component: (await import("./pages/Library/Library")).LeagueIndex }) },
          { path: "leagueLibrary/:id", lazy: async () => ({ Component: (await import("./pages/Library/Library")).LeagueLibraryPage }) },
          { path: "squadLibrary", lazy: async () => ({ Component: (await import("./pages/Library/Library")).TeamIndex }) },
          { path: "squadLibrary/:id", lazy: async () => ({ Component: (await import("./pages/Library/Library")).TeamLibraryPage }) },
          { path: "playerLibrary", lazy: async () => ({ Component: (await import("./pages/Library/Library")).PlayerIndex }) },
          { path: "playerLibrary/:id", lazy: async () => ({ Component: (await import("./pages/Library/Library")).PlayerLibraryPage }) },
          // schedule (issue 18): the library's sub-pages, the schedule, a game's page (/football is /soccer)
          { path: "leagueLibrary/:id/:libraryTab", lazy: async () => ({ Component: (await import("./pages/Library/Library")).LeagueLibraryPage }) },
          { path: "squadLibrary/:id/:libraryTab", lazy: async () => ({ Component: (await import("./pages/Library/Library")).TeamLibraryPage }) },
          { path: "playerLibrary/:id/:libraryTab", lazy: async () => ({ Component: (await import("./pages/Library/Library")).PlayerLibraryPage }) },
          { path: "schedule", lazy: async () => ({ Component: (await import("./pages/Matches/SchedulePage")).default }) },
          { path: "football", element: <Navigate to="/soccer" replace /> },
          // issue 19 (decision 0016): a game's data hub
          { path: ":game/data", lazy: async () => ({ Component: (await import("./pages/Library/GameData")).default }) },
          { path: ":game", lazy: async () => ({ Component: (await import("./pages/Matches/GamePage")).default }) },
          // back office (issue 16): Entry checks the role before the back office's chunk is imported
          { path: "admin/*", lazy: async () => ({ Component: (await import("./pages/Admin/Entry")).default }) },
          // experts (issue 20): home, all experts, an expert, a plan, my plans, the creator centre
          { path: "expert", lazy: async () => ({ Component: (await import("./pages/Experts/ExpertsHome")).default }) },
          { path: "expert/allExperts", lazy: async () => ({ Component: (await import("./pages/Experts/ExpertsHome")).AllExperts }) },
          { path: "expert/specialist", lazy: async () => ({ Component: (await import("./pages/Experts/Specialists")).default }) },
          { path: "expert/myPlans", lazy: async () => ({ Component: (await import("./pages/Experts/MyPlans")).default }) },
          { path: "expert/plan/:id", lazy: async () => ({ Component: (await import("./pages/Experts/PlanDetail")).default }) },
          { path: "expert/:id", lazy: async () => ({ Component: (await import("./pages/Experts/ExpertPage")).default }) },
          {
            path: "creatorCenter",
            lazy: async () => ({ Component: (await import("./pages/Experts/CreatorCenter")).default }),
            children: [
              { index: true, lazy: async () => ({ Component: (await import("./pages/Experts/CreatorCenter")).DataShow }) },
              { path: "dataShow", lazy: async () => ({ Component: (await import("./pages/Experts/CreatorCenter")).DataShow }) },
              { path: "progManage", lazy: async () => ({ Component: (await import("./pages/Experts/CreatorCenter")).ProgManage }) },
              { path: "progComponent", lazy: async () => ({ Component: (await import("./pages/Experts/CreatorCenter")).ProgComponent }) },
            ],
          },
          // channels (issue 23): the partner's area, and the app download page
          {
            path: "channel",
            lazy: async () => ({ Component: (await import("./pages/Channel/ChannelArea")).default }),
            children: [
              { index: true, lazy: async () => ({ Component: (await import("./pages/Channel/Channels")).default }) },
              { path: "user", lazy: async () => ({ Component: (await import("./pages/Channel/Users")).default }) },
              { path: "statistical", lazy: async () => ({ Component: (await import("./pages/Channel/Statistics")).default }) },
              { path: "gold", lazy: async () => ({ Component: (await import("./pages/Channel/Gold")).default }) },
              { path: "water", lazy: async () => ({ Component: (await import("./pages/Channel/Water")).default }) },
            ],
          },
          { path: "download", lazy: async () => ({ Component: (await import("./pages/Channel/Download")).default }) },
          // videos (issue 22): lists, a game's channel, a video (/videos/:game and /videos/:id share a shape)
          { path: "videos/videoList", lazy: async () => ({ Component: (await import("./pages/Videos/VideoList")).default }) },
          { path: "videos/:game/videoList", lazy: async () => ({ Component: (await import("./pages/Videos/VideoList")).default }) },
          { path: "videos/:game", lazy: async () => ({ Component: (await import("./pages/Videos/VideosEntry")).default }) },
          { path: "videos/:id", lazy: async () => ({ Component: (await import("./pages/Videos/VideosEntry")).default }) },
          { path: "videos/:game/:id", lazy: async () => ({ Component: (await import("./pages/Videos/VideoPage")).default }) },
          { path: ":game/:id", lazy: async () => ({ Component: (await import("./pages/Matches/MatchDetail")).default }) },
          { path: "*", element: <NotFound /> },
        ],
      },
    ],
  },
];

/**
 * The app's router. Made when the app starts (src/boot/app.tsx), not when this module is evaluated:
 * making it ranks every route and reads the history and the session's storage, which belongs in a
 * task of its own after the boot stage's evaluation (issue 19, blocking time).
 */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
