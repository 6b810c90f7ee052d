import "./Avatar.css";

/** A user's round avatar, or the first letter of the name on a coloured disc when none is set. */
export function Avatar({ src, name, size = 32, testId }: { src?: string; name?: string; size?: number; testId?: string }) {
  const letter = (name ?? "?").trim().charAt(0).toUpperCase() || "?";
  const hue = [...(name ?? "")].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 200);
  return src ? (
    <img className="avatar" src={src} alt="" width={size} height={size} data-testid={testId} style={{ width: size, height: size }} />
  ) : (
    <span
      className="avatar avatar--letter"
      data-testid={testId}
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: size * 0.45, background: `hsl(${hue} 55% 45%)` }}
    >
      {letter}
    </span>
  );
}
