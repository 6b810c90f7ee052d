// Its classes are the frame's (Layout.module.css, the entry's sheet): the first HTML's shell draws
// the streamer list's cards with them (api/siteshelldata.go).
import styles from "./Layout.module.css";

/** The smaller squares the server makes of an uploaded avatar (api/account AvatarThumbSides). */
const THUMB_SIDES = [48, 96] as const;
const UPLOADED = "/java/user/avatar/";

/**
 * The address of an avatar drawn size px wide: an uploaded one at the smallest side the server
 * makes that is at least twice the size (sharp on a high-density screen), so a 22 px avatar
 * fetches 48 px instead of the stored 256 (issue 19: sized images). Other addresses are kept. The
 * first HTML's shell writes the same address (api/siteshelldata.go avatar), so the browser fetches
 * it once.
 */
export function avatarSrc(src: string, size: number): string {
  if (!src.startsWith(UPLOADED) || src.includes("?")) return src;
  const side = THUMB_SIDES.find((s) => s >= size * 2);
  return side ? `${src}?s=${side}` : src;
}

/**
 * A user's round avatar, or the first letter of the name on a coloured disc when none is set. alt
 * names the picture when it says something of its own (a preview); an avatar next to the name is
 * decoration.
 */
export function Avatar({ src, name, size = 32, testId, alt = "" }: { src?: string; name?: string; size?: number; testId?: string; alt?: string }) {
  const letter = (name ?? "?").trim().charAt(0).toUpperCase() || "?";
  const hue = [...(name ?? "")].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 200);
  return src ? (
    <img className={styles.avatar} src={avatarSrc(src, size)} alt={alt} width={size} height={size} data-testid={testId} style={{ width: size, height: size }} />
  ) : (
    <span
      className={`${styles.avatar} ${styles.avatarLetter}`}
      data-testid={testId}
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: size * 0.45, background: `hsl(${hue} 55% 45%)` }}
    >
      {letter}
    </span>
  );
}
