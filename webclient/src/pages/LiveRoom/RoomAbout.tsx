// A live room's about section (issue 17): the streamer's pre-broadcast teaser while the room is
// offline, the detailed intro and its pictures (lazy, square, sized before they load), and a link to
// the streamer page. RoomPanels renders it under the gifts and the ranking: never above the player
// or the chat (issue 19: layout shift), and outside the room's initial JavaScript.
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { streamerName, streamerPath, type RoomCard } from "../../api/live";
import styles from "./RoomAbout.module.css";

/** The pictures' box in CSS pixels (1:1, spec §5); the grid may draw them smaller. */
const PIC_SIZE = 200;

/** What the section shows of a card: nothing when the room has no teaser (or is live), intro or pictures. */
export function aboutOf(card: RoomCard) {
  const teaser = card.live ? "" : card.teaser.trim();
  const intro = card.detailIntro.trim();
  const pics = card.detailPicUrls.filter(Boolean);
  return { teaser, intro, pics, empty: !teaser && !intro && pics.length === 0 };
}

export function RoomAbout({ card }: { card: RoomCard }) {
  const { t } = useTranslation();
  const { teaser, intro, pics, empty } = aboutOf(card);
  if (empty) return null;
  const name = streamerName(card, t("discover.streamer"));
  return (
    <section className={styles.roomAbout} data-testid="room-about" aria-labelledby="room-about-title">
      <div className={styles.roomAboutHead}>
        <h2 id="room-about-title" className={styles.roomAboutTitle}>
          {t("anchor.page.about")}
        </h2>
        <Link className={styles.roomAboutStreamer} to={streamerPath(card)} data-testid="room-about-streamer">
          {t("live.room.streamerPage", { name })}
        </Link>
      </div>
      {teaser && (
        <p className={styles.roomAboutTeaser} data-testid="room-teaser">
          <span className={styles.roomAboutTeaserLabel}>{t("live.room.teaser")}</span>
          {/* the streamer's own words, in whatever script they wrote them */}
          <span dir="auto">{teaser}</span>
        </p>
      )}
      {intro && (
        <p className={styles.roomAboutIntro} data-testid="room-intro" dir="auto">
          {intro}
        </p>
      )}
      {pics.length > 0 && (
        <ul className={styles.roomAboutPics}>
          {pics.map((u) => (
            <li key={u} className={styles.roomAboutPic}>
              <img src={u} alt="" loading="lazy" decoding="async" width={PIC_SIZE} height={PIC_SIZE} data-testid="room-pic" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
