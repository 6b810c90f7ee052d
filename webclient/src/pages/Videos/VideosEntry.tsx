// /videos/:game and /videos/:id share one shape (one segment after /videos): a game's channel when
// the segment is a game of the catalogue, a video when it is a number, else the not-found page.
import { useParams } from "react-router";
import { GAME_SLUGS } from "../../seo/games";
import NotFound from "../../components/ErrorPages/NotFound";
import { Channel } from "./Channel";
import VideoPage from "./VideoPage";

export default function VideosEntry() {
  const { game = "", id = "" } = useParams();
  const seg = game || id;
  if (GAME_SLUGS.has(seg)) return <Channel game={seg} />;
  if (/^\d+$/.test(seg)) return <VideoPage id={seg} />;
  return <NotFound />;
}
