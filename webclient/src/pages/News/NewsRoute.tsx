// /news/:game — a game's channel when the segment is a game, else an article without its game
// (/news/:id, spec §2: the game is optional).
import { useParams } from "react-router";
import { GAME_SLUGS } from "../../seo/games";
import NotFound from "../../components/ErrorPages/NotFound";
import NewsList from "./NewsList";
import { ArticleView } from "./NewsArticle";

export default function NewsRoute() {
  const { game = "", id } = useParams();
  const key = id ?? game;
  if (GAME_SLUGS.has(key)) return <NewsList />;
  if (/^\d+$/.test(key)) return <ArticleView id={key} />;
  return <NotFound />;
}
