// /caijian (裁剪, "crop"; decision 0016): avatar cropping. The user chooses a picture (file input
// or drag-and-drop), moves and zooms it in a square viewport, sees the result round and square, and
// saves the square as the avatar through POST /user/uploadAvatar; the header's avatar follows at
// once. The picture is checked against the server's own limits (GET /user/avatarRules) before it
// is decoded, and the crop is drawn on a canvas at the server's avatar size, so the upload is small
// whatever was chosen. The maths (cover, drag, zoom about a point, the crop rectangle) is crop.ts.
import { useCallback, useEffect, useRef, useState, type DragEvent, type KeyboardEvent, type PointerEvent } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { profileAtom, tokenAtom } from "../../state/session";
import { loginModalAtom, LoginMode } from "../../state/ui";
import { userApi, type AvatarRules } from "../../api/account";
import { ApiError } from "../../api/client";
import { applyProfile, refreshAccount } from "../../session/account";
import { Avatar } from "../../components/Avatar";
import { useCaijianT } from "../../i18n/caijian";
import { AVATAR_MAX_BYTES } from "../../components/LoginModal/validation";
import { cropRect, dragBy, fileProblem, initialView, megabytes, pixelProblem, zoomTo, MAX_ZOOM, MIN_ZOOM, type CropView } from "./crop";
import { useResource } from "../../data";
import styles from "./Caijian.module.css";

/** The side of the crop viewport, in CSS pixels. */
const VIEW = 320;
const PREVIEW = 96;

/** Used until GET /user/avatarRules answers (the server's defaults). */
const DEFAULT_RULES: AvatarRules = { maxBytes: AVATAR_MAX_BYTES, size: 256, maxSide: 8192, maxPixels: 4096 * 4096, types: ["image/jpeg", "image/png"] };

type Problem = { key: "notImage" | "tooLarge" | "tooManyPixels" | "unreadable" | "uploadFailed"; args?: Record<string, string | number>; server?: string };

export default function Caijian() {
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const setModal = useSetAtom(loginModalAtom);
  const { t: ct } = useCaijianT();

  useEffect(() => {
    if (token) void refreshAccount();
    else setModal({ open: true, mode: LoginMode.Password });
  }, [token, setModal]);

  if (!token) {
    return (
      <section className={`${styles.caijian} ${styles.caijianGuest}`} data-testid="caijian-login-required">
        <h1>{ct("title")}</h1>
        <p>{t("account.loginFirst")}</p>
        <button type="button" className={styles.caijianPrimary} onClick={() => setModal({ open: true, mode: LoginMode.Password })}>
          {t("header.login")}
        </button>
      </section>
    );
  }
  return <Cropper />;
}

function Cropper() {
  const { t } = useCaijianT();
  const profile = useAtomValue(profileAtom);
  // The server's rules once they arrive; DEFAULT_RULES until then or when the call fails.
  const served = useResource<AvatarRules>("avatar-rules", () => userApi.avatarRules());
  const rules = served.value ?? DEFAULT_RULES;
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  const [view, setView] = useState<CropView | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const stage = useRef<HTMLCanvasElement>(null);
  const round = useRef<HTMLCanvasElement>(null);
  const square = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);

  const choose = useCallback(
    (file: File | undefined) => {
      setProblem(null);
      setDone(false);
      if (!file) return;
      const bad = fileProblem(file, rules);
      if (bad) {
        setProblem({ key: bad, args: { size: megabytes(file.size), mb: megabytes(rules.maxBytes) } });
        return;
      }
      const url = URL.createObjectURL(file);
      const el = new Image();
      el.onload = () => {
        URL.revokeObjectURL(url);
        const w = el.naturalWidth;
        const h = el.naturalHeight;
        const px = pixelProblem(w, h, rules);
        if (px) {
          setProblem({ key: px === "notImage" ? "unreadable" : px, args: { w, h, side: rules.maxSide } });
          return;
        }
        setImg(el);
        setView(initialView(w, h, VIEW));
      };
      el.onerror = () => {
        URL.revokeObjectURL(url);
        setProblem({ key: file.type.startsWith("image/") ? "unreadable" : "notImage" });
      };
      el.src = url;
    },
    [rules],
  );

  // Draw the viewport and both previews whenever the picture or the view changes.
  useEffect(() => {
    if (!img || !view) return;
    const w = img.naturalWidth;
    const h = img.naturalHeight;
    const r = cropRect(view, w, h, VIEW);
    const dpr = Math.min(window.devicePixelRatio || 1, 3);
    const paint = (c: HTMLCanvasElement | null, side: number) => {
      if (!c) return;
      c.width = Math.round(side * dpr);
      c.height = Math.round(side * dpr);
      const g = c.getContext("2d");
      if (!g) return;
      g.imageSmoothingQuality = "high";
      g.drawImage(img, r.sx, r.sy, r.side, r.side, 0, 0, c.width, c.height);
    };
    paint(stage.current, VIEW);
    paint(round.current, PREVIEW);
    paint(square.current, PREVIEW);
  }, [img, view]);

  // The wheel zooms about the pointer; React's wheel listener is passive, so add our own.
  useEffect(() => {
    const c = stage.current;
    if (!c || !img) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const box = c.getBoundingClientRect();
      setView((v) => (v ? zoomTo(v, v.zoom * Math.exp(-e.deltaY / 400), img.naturalWidth, img.naturalHeight, VIEW, e.clientX - box.left, e.clientY - box.top) : v));
    };
    c.addEventListener("wheel", onWheel, { passive: false });
    return () => c.removeEventListener("wheel", onWheel);
  }, [img]);

  const move = (dx: number, dy: number) => img && setView((v) => (v ? dragBy(v, dx, dy, img.naturalWidth, img.naturalHeight, VIEW) : v));
  const zoom = (z: number) => img && setView((v) => (v ? zoomTo(v, z, img.naturalWidth, img.naturalHeight, VIEW) : v));

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    move(e.clientX - d.x, e.clientY - d.y);
    drag.current = { id: d.id, x: e.clientX, y: e.clientY };
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKey = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const step = e.shiftKey ? 40 : 10;
    const keys: Record<string, () => void> = {
      ArrowLeft: () => move(step, 0),
      ArrowRight: () => move(-step, 0),
      ArrowUp: () => move(0, step),
      ArrowDown: () => move(0, -step),
      "+": () => view && zoom(view.zoom * 1.1),
      "=": () => view && zoom(view.zoom * 1.1),
      "-": () => view && zoom(view.zoom / 1.1),
    };
    const act = keys[e.key];
    if (act) {
      e.preventDefault();
      act();
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    choose(e.dataTransfer.files?.[0]);
  };

  async function save() {
    if (!img || !view) return;
    setBusy(true);
    setProblem(null);
    try {
      const r = cropRect(view, img.naturalWidth, img.naturalHeight, VIEW);
      const out = document.createElement("canvas");
      out.width = rules.size;
      out.height = rules.size;
      const g = out.getContext("2d");
      if (!g) throw new Error("no 2d context");
      g.imageSmoothingQuality = "high";
      g.drawImage(img, r.sx, r.sy, r.side, r.side, 0, 0, rules.size, rules.size);
      let blob = await toBlob(out, "image/png");
      let name = "avatar.png";
      if (blob.size > rules.maxBytes) {
        blob = await toBlob(out, "image/jpeg", 0.9);
        name = "avatar.jpg";
      }
      const res = await userApi.uploadAvatar(blob, name);
      if (profile) applyProfile({ ...profile, avatar: res.avatar });
      else await refreshAccount();
      setDone(true);
    } catch (err) {
      setProblem({ key: "uploadFailed", server: err instanceof ApiError && err.kind === "refused" ? err.userMessage : undefined });
    } finally {
      setBusy(false);
    }
  }

  const reset = () => {
    setImg(null);
    setView(null);
    setDone(false);
    setProblem(null);
    if (input.current) input.current.value = "";
  };

  return (
    <section className={styles.caijian} data-testid="caijian">
      <h1>{t("title")}</h1>
      <p className={styles.caijianIntro}>{t("intro")}</p>
      <input
        ref={input}
        id="caijian-file"
        type="file"
        accept="image/*"
        className="visually-hidden"
        data-testid="caijian-file"
        onChange={(e) => choose(e.target.files?.[0])}
      />
      {!img ? (
        <div
          className={over ? `${styles.caijianDrop} ${styles.caijianDropOver}` : styles.caijianDrop}
          data-testid="caijian-drop"
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
        >
          {profile && <Avatar src={profile.avatar} name={profile.name} size={72} />}
          <label htmlFor="caijian-file" className={styles.caijianPrimary}>
            {t("choose")}
          </label>
          <span>{t("drop")}</span>
          <small className={styles.caijianRule}>{t("rule", { mb: megabytes(rules.maxBytes), side: rules.maxSide })}</small>
        </div>
      ) : (
        <div className={styles.caijianWork} onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
          <div className={styles.caijianEditor}>
            <div className={styles.caijianStage} style={{ width: VIEW, height: VIEW }}>
              <canvas
                ref={stage}
                className={styles.caijianCanvas}
                style={{ width: VIEW, height: VIEW }}
                tabIndex={0}
                role="img"
                aria-label={t("area")}
                data-testid="caijian-stage"
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={onPointerUp}
                onKeyDown={onKey}
              />
              <span className={styles.caijianRing} aria-hidden="true" />
            </div>
            <label className={styles.caijianZoom}>
              {t("zoom")}
              <input
                type="range"
                min={MIN_ZOOM}
                max={MAX_ZOOM}
                step={0.01}
                value={view?.zoom ?? 1}
                data-testid="caijian-zoom"
                onChange={(e) => zoom(Number(e.target.value))}
              />
            </label>
            <p className={styles.caijianHint}>{t("hint")}</p>
          </div>
          <div className={styles.caijianSide}>
            <h2>{t("preview")}</h2>
            <div className={styles.caijianPreviews}>
              <figure>
                <canvas ref={round} className={`${styles.caijianPreview} ${styles.caijianPreviewRound}`} style={{ width: PREVIEW, height: PREVIEW }} data-testid="caijian-round" />
                <figcaption>{t("round")}</figcaption>
              </figure>
              <figure>
                <canvas ref={square} className={styles.caijianPreview} style={{ width: PREVIEW, height: PREVIEW }} data-testid="caijian-square" />
                <figcaption>{t("square")}</figcaption>
              </figure>
            </div>
            <button type="button" className={styles.caijianPrimary} data-testid="caijian-save" disabled={busy} onClick={() => void save()}>
              {busy ? t("saving") : t("save")}
            </button>
            <button type="button" className={styles.caijianSecondary} onClick={reset}>
              {t("another")}
            </button>
          </div>
        </div>
      )}
      {problem && (
        <p className={styles.caijianError} role="alert" data-testid="caijian-error" data-problem={problem.key}>
          {t(`errors.${problem.key}`, { mb: megabytes(rules.maxBytes), side: rules.maxSide, ...problem.args })}
          {problem.server && <span> ({problem.server})</span>}
        </p>
      )}
      {done && (
        <p className={styles.caijianOk} role="status" data-testid="caijian-done">
          {t("done")} <Link to="/userInfo">{t("back")}</Link>
        </p>
      )}
    </section>
  );
}

function toBlob(c: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) => c.toBlob((b) => (b ? resolve(b) : reject(new Error("canvas export failed"))), type, quality));
}
