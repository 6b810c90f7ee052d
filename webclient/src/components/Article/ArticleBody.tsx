// An article's body (issue 22): each block rendered as text inside its own element (React escapes
// it), so nothing anybody wrote reaches the page as HTML; pictures come from our own site (the
// server refuses others); a match block is a card linking to the match page.
import { Link } from "react-router";
import type { Article, Block, MatchCard } from "../../api/news";
import { HTML_LANG, type Locale } from "../../i18n/locales";
import { useNewsT } from "../../i18n/news";
import { GAME_SLUG_BY_ID } from "./games";
import styles from "./Article.module.css";

export function useDateTime() {
  const { language } = useNewsT();
  const tag = HTML_LANG[language as Locale] ?? "en-US";
  return (ms: number) => new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short" }).format(new Date(ms));
}

/** Whole numbers in the reader's locale (views, counts). */
export function useNumber() {
  const { language } = useNewsT();
  const tag = HTML_LANG[language as Locale] ?? "en-US";
  return (n: number) => new Intl.NumberFormat(tag).format(n);
}

/** The lang and dir attributes of an article written in lang (an Arabic article reads right to left
 * whatever the interface language). */
export function langAttrs(lang: string): { lang: string; dir: "rtl" | "ltr" } {
  return { lang: HTML_LANG[lang as Locale] ?? lang, dir: lang === "ar" ? "rtl" : "ltr" };
}

export function MatchCardView({ card }: { card: MatchCard }) {
  const when = useDateTime();
  const slug = GAME_SLUG_BY_ID[card.gameId] ?? String(card.gameId);
  const started = card.status !== 0;
  return (
    <Link to={`/${slug}/${encodeURIComponent(card.id)}`} className={styles.artMatch} data-testid="article-match-card">
      <span className={styles.artMatchLeague}>{card.league}</span>
      <span className={styles.artMatchTeams}>
        <span className={styles.artMatchTeam}>
          <img src={card.homeLogo} alt="" width={32} height={38} loading="lazy" decoding="async" />
          {card.home}
        </span>
        <span className={styles.artMatchScore}>{started ? `${card.homeScore} : ${card.awayScore}` : "VS"}</span>
        <span className={`${styles.artMatchTeam} ${styles.artMatchTeamAway}`}>
          {card.away}
          <img src={card.awayLogo} alt="" width={32} height={38} loading="lazy" decoding="async" />
        </span>
      </span>
      <span className={styles.artMatchTime}>{when(card.startTime)}</span>
    </Link>
  );
}

function BlockView({ b, cards }: { b: Block; cards: Record<string, MatchCard> }) {
  switch (b.type) {
    case "h":
      return <h2 className={styles.artH}>{b.text}</h2>;
    case "quote":
      return <blockquote className={styles.artQuote}>{b.text}</blockquote>;
    case "img":
      return (
        <figure className={styles.artFigure}>
          <img src={b.src} alt={b.caption ?? ""} loading="lazy" />
          {b.caption && <figcaption>{b.caption}</figcaption>}
        </figure>
      );
    case "match": {
      const card = cards[b.matchId];
      return card ? <MatchCardView card={card} /> : null;
    }
    case "list":
      return (
        <ul className={styles.artList}>
          {b.items.map((it, i) => (
            <li key={i}>{it}</li>
          ))}
        </ul>
      );
    case "p":
      return <p className={styles.artP}>{b.text}</p>;
    default:
      return null;
  }
}

export function ArticleBody({ article }: { article: Pick<Article, "body" | "matchCards"> }) {
  const cards = article.matchCards ?? {};
  return (
    <div className={styles.artBody} data-testid="article-body">
      {(article.body ?? []).map((b, i) => (
        <BlockView key={i} b={b} cards={cards} />
      ))}
    </div>
  );
}
