// /live2 — multi-view (issue 17 "Finding streams"): up to four live rooms at once in a grid, exactly
// one with sound (a click moves it), each with its linked match's score strip updating live; rooms
// are added from a picker of the live rooms and removed from their tile. The set is the URL
// (?rooms=a,b&sound=b: shareable, survives a reload) and is remembered on this device, so the live
// room's "Add to multi-view" (/live2?add=<room>) adds to the last view. Rules: ./multiview.ts.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useAtom } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { multiViewAtom } from "../../state/multiview";
import { showToast } from "../../state/ui";
import { useMultiViewT } from "../../i18n/multiview";
import { addRoom, gridOf, isFull, moveSound, parseView, removeRoom, sameView, startingView, viewParams, type View } from "./multiview";
import { RoomPicker } from "./RoomPicker";
import { Tile } from "./Tile";
import styles from "./MultiView.module.css";

/** Whether the page may start sound now (navigator.userActivation; browsers without it: assume so). */
function hasUserActivation(): boolean {
  const ua = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
  return ua ? ua.hasBeenActive : true;
}

export default function MultiView() {
  const { t } = useMultiViewT();
  const { t: gt } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [remembered, setRemembered] = useAtom(multiViewAtom);
  // The first render settles the URL (the remembered view, ?add=); once the URL holds that view it
  // is the view. The router applies the new URL a render or more later: until it has, the starting
  // view stands (reading the old URL would flash an empty grid and remember it).
  const start = useRef(startingView(params, remembered)).current;
  const [settled, setSettled] = useState(false);
  if (!settled && !params.has("add") && sameView(parseView(params), start.view)) setSettled(true);
  const view = useMemo(() => (settled ? parseView(params) : start.view), [settled, params, start]);
  const [picking, setPicking] = useState(false);
  // Browsers refuse to start a video with sound before the viewer has touched the page (a reload,
  // a shared link): until then every tile plays muted and the sound tile waits for the first click.
  const [activated, setActivated] = useState(() => hasUserActivation());
  useEffect(() => {
    if (activated) return;
    const on = () => setActivated(true);
    window.addEventListener("pointerdown", on, { once: true, capture: true });
    window.addEventListener("keydown", on, { once: true, capture: true });
    return () => {
      window.removeEventListener("pointerdown", on, { capture: true });
      window.removeEventListener("keydown", on, { capture: true });
    };
  }, [activated]);

  useEffect(() => {
    setParams(viewParams(start.view), { replace: true });
    if (start.full) showToast(t("full"), "info");
    // once, on arrival
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (settled) setRemembered(view);
  }, [settled, view, setRemembered]);

  const viewRef = useRef(view);
  viewRef.current = view;
  const update = useCallback((next: (v: View) => View) => setParams(viewParams(next(viewRef.current)), { replace: true }), [setParams]);
  const listen = useCallback((id: string) => update((v) => moveSound(v, id)), [update]);
  const remove = useCallback((id: string) => update((v) => removeRoom(v, id)), [update]);
  const pick = (id: string) => {
    update((v) => addRoom(v, id));
    setPicking(false);
  };

  const copyLink = () => {
    navigator.clipboard?.writeText(window.location.href).then(
      () => showToast(t("copied"), "info"),
      () => undefined,
    );
  };

  const n = view.rooms.length;
  const full = isFull(view);
  return (
    <section className={styles.mview} data-testid="multiview" data-rooms={view.rooms.join(",")} data-sound={view.sound ?? ""}>
      <div className={styles.mviewHead}>
        <div>
          <h1 className={styles.mviewTitle}>{t("title")}</h1>
          <p className={styles.mviewIntro}>{t("intro")}</p>
        </div>
        <div className={styles.mviewActions}>
          <button type="button" className={styles.mviewAdd} data-testid="mv-add" disabled={full} title={full ? t("full") : undefined} onClick={() => setPicking(true)}>
            + {t("addRoom")}
          </button>
          {n > 0 && (
            <button type="button" className={styles.mviewGhost} data-testid="mv-copy" onClick={copyLink}>
              {t("copyLink")}
            </button>
          )}
        </div>
      </div>
      {picking && !full && <RoomPicker exclude={view.rooms} onPick={pick} onClose={() => setPicking(false)} />}
      {n === 0 ? (
        <div className={styles.mviewEmpty}>
          <p>{t("empty")}</p>
          {!picking && <RoomPicker exclude={view.rooms} onPick={pick} />}
        </div>
      ) : (
        <div className={`${styles.mviewGrid} ${styles[`mview__grid--${gridOf(n)}`]}`} data-testid="mv-grid" data-layout={gridOf(n)}>
          {view.rooms.map((id) => (
            <Tile key={id} roomId={id} sound={view.sound === id} audible={activated} onListen={listen} onRemove={remove} />
          ))}
          {n === 3 && (
            <button type="button" className={styles.mviewCellAdd} onClick={() => setPicking(true)}>
              <span aria-hidden="true">+</span>
              {t("addRoom")}
            </button>
          )}
        </div>
      )}
      <p className={styles.mviewBack}>
        <Link to="/live">{gt("discover.live.title")}</Link>
      </p>
    </section>
  );
}
