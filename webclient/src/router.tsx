// Routes of the shell. Pages other than home load lazily; a failed chunk load reloads
// the page at most once per 60 s (spec §8), otherwise the network-problem page shows.
import { createBrowserRouter, isRouteErrorResponse, useRouteError } from "react-router";
import { Layout } from "./components/Layout";
import Home from "./pages/Home";
import NotFound from "./pages/NotFound";
import NetworkError from "./pages/NetworkError";
import { isChunkLoadError, reloadOnce } from "./reloadGuard";

function RouteError() {
  const err = useRouteError();
  if (isRouteErrorResponse(err) && err.status === 404) return <NotFound />;
  if (isChunkLoadError(err) && reloadOnce()) return null;
  return <NetworkError />;
}

export const router = createBrowserRouter([
  {
    path: "/",
    element: <Layout />,
    errorElement: <RouteError />,
    // First paint of a lazily loaded route: keep the page blank for the few ms it takes.
    hydrateFallbackElement: <div aria-busy="true" />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Home /> },
          { path: "live/:id", lazy: async () => ({ Component: (await import("./pages/LiveRoom/LiveRoom")).default }) },
          { path: "protocol/:id", lazy: async () => ({ Component: (await import("./pages/Protocol")).default }) },
          { path: "about", lazy: async () => ({ Component: (await import("./pages/Protocol")).About }) },
          { path: "network-error", element: <NetworkError /> },
          { path: "access-denied", lazy: async () => ({ Component: (await import("./pages/AccessDenied")).default }) },
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
            ],
          },
          { path: "anchor/anchorList", lazy: async () => ({ Component: (await import("./pages/Anchor/AnchorList")).default }) },
          { path: "anchor/:id", lazy: async () => ({ Component: (await import("./pages/Anchor/AnchorList")).AnchorPage }) },
          // matches (issue 7): match list, data library, match detail
          { path: "match/:game?", lazy: async () => ({ Component: (await import("./pages/Matches/MatchListPage")).default }) },
          { path: "leagueLibrary", lazy: async () => ({ Component: (await import("./pages/Library/Library")).LeagueIndex }) },
          { path: "leagueLibrary/:id", lazy: async () => ({ Component: (await import("./pages/Library/Library")).LeagueLibraryPage }) },
          { path: "squadLibrary", lazy: async () => ({ Component: (await import("./pages/Library/Library")).TeamIndex }) },
          { path: "squadLibrary/:id", lazy: async () => ({ Component: (await import("./pages/Library/Library")).TeamLibraryPage }) },
          { path: "playerLibrary", lazy: async () => ({ Component: (await import("./pages/Library/Library")).PlayerIndex }) },
          { path: "playerLibrary/:id", lazy: async () => ({ Component: (await import("./pages/Library/Library")).PlayerLibraryPage }) },
          { path: ":game/:id", lazy: async () => ({ Component: (await import("./pages/Matches/MatchDetail")).default }) },
          { path: "*", element: <NotFound /> },
        ],
      },
    ],
  },
]);
