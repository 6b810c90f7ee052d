// Article parts any page may show: the body renderer, the match card, a match's preview article.
export { ArticleBody, MatchCardView, langAttrs, useDateTime, useNumber } from "./ArticleBody";
export { MatchPreviewArticle } from "./MatchPreviewArticle";
export { GAME_ID_BY_SLUG, GAME_SLUG_BY_ID } from "./games";
export { ArticleCard } from "./ArticleCard";
export { MatchPreviews } from "./MatchPreviews";
