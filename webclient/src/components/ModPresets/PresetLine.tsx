// A moderation preset's announcement in chat (a `sys` event whose key starts with "modpresets."):
// the text in the reader's language and, for moderators while the action is in force, Undo.
import { useState } from "react";
import { useAtomValue } from "../../state/hooks";
import { realtimeCommandsAtom } from "../../state/realtime";
import type { RoomEvent } from "../../realtime/protocol";
import { useModPresetsT, type ModPresetsKey } from "../../i18n/modpresets";
import styles from "./ModPresets.module.css";

import { endsAction, PRESET_PREFIX } from "./presetEvents";

export { endedActions, endsAction, isPresetEvent } from "./presetEvents";

function clock(ms: number): string {
  const lang = typeof document !== "undefined" ? document.documentElement.lang || undefined : undefined;
  try {
    return new Intl.DateTimeFormat(lang, { hour: "2-digit", minute: "2-digit", second: "2-digit" }).format(ms);
  } catch {
    return new Date(ms).toISOString().slice(11, 19);
  }
}

/** className: the chat's line look, from the chat list that shows the line. */
export function PresetLine({ ev, room, canUndo, ended, className = "" }: { ev: RoomEvent; room: string; canUndo: boolean; ended: boolean; className?: string }) {
  const { t } = useModPresetsT();
  const commands = useAtomValue(realtimeCommandsAtom);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const key = ev.key!.slice(PRESET_PREFIX.length);
  const text = t(`chat.${key}` as ModPresetsKey, { time: ev.until ? clock(ev.until) : "", interval: ev.secs ?? 0 });
  const undoable = canUndo && !ended && !endsAction(key) && !!ev.msg && (!ev.until || ev.until > Date.now());

  const undo = async () => {
    if (!commands || !ev.msg) return;
    setBusy(true);
    const r = await commands.command({ t: "mod", room, op: "undo", msg: ev.msg });
    setBusy(false);
    if (!r.ok) setError(r.msg || "");
  };

  return (
    <div className={`${className} ${styles.presetLine}`} data-testid="preset-line" data-key={ev.key} data-seq={ev.seq}>
      <span>{text}</span>
      {undoable && (
        <button type="button" className={styles.presetLineUndo} data-testid="preset-undo" disabled={busy} onClick={() => void undo()}>
          {t("panel.undo")}
        </button>
      )}
      {error && <small className={styles.modpresetsError} role="alert">{error}</small>}
    </div>
  );
}
