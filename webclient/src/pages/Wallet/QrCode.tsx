// The QR code of a checkout (Alipay, USDT), drawn as inline SVG from the encoder in qr.ts.
import { useMemo } from "react";
import { encodeQr, qrPath } from "./qr";
import styles from "./Wallet.module.css";

const QUIET = 4;

/** Renders content as a QR code, or nothing when it is too long to encode (the link stays). */
export function QrCode({ content, label, px = 220 }: { content: string; label: string; px?: number }) {
  const m = useMemo(() => encodeQr(content), [content]);
  if (!m) return null;
  const side = m.size + QUIET * 2;
  return (
    <svg
      className={styles.walletQrImg}
      data-testid="pay-qr-image"
      role="img"
      aria-label={label}
      width={px}
      height={px}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={qrPath(m, QUIET)} fill="#000" />
    </svg>
  );
}
