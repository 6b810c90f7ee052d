import { useCallback, useEffect, useState } from "react";
import { useAtomValue } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { realtimeCommandsAtom, type RoomView } from "../../state/realtime";
import type { CommandInput } from "../../realtime/connection";
import type { MutedEntry } from "../../realtime/protocol";
import { formatTime } from "./format";
import { ModPresetsForm } from "../../components/ModPresets/ModPresetsForm";
import { endedActions, isPresetEvent } from "../../components/ModPresets/presetEvents";
import { useModPresetsT } from "../../i18n/modpresets";
import styles from "./ModTools.module.css";
import { useDialog } from "../../components/useDialog";

/** Slow-mode interval the toggle turns on (seconds). */
export const SLOW_MODE_SECS = 30;

/**
 * Room tools for moderators: the muted-users list (with unmute) and the slow-mode toggle;
 * the streamer and administrators also open and close the room.
 */
export function ModTools({ room, view, canOpenClose }: { room: string; view: RoomView; canOpenClose: boolean }) {
  const { t } = useTranslation();
  const commands = useAtomValue(realtimeCommandsAtom);
  const [panel, setPanel] = useState(false);
  const [presets, setPresets] = useState(false);
  const { t: mt } = useModPresetsT();
  const shieldOn = shieldActive(view);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (cmd: CommandInput) => {
    if (!commands) return;
    setBusy(true);
    setError(null);
    const r = await commands.command(cmd);
    setBusy(false);
    if (!r.ok) setError(r.msg || t("live.sendFailed"));
  };

  return (
    <div className={styles.modTools} data-testid="mod-tools">
      <div className={styles.modToolsRow}>
        <button type="button" data-testid="muted-list-toggle" aria-haspopup="dialog" aria-expanded={panel} onClick={() => setPanel((p) => !p)}>
          {t("live.mod.mutedList")}
        </button>
        <button
          type="button"
          data-testid="slow-toggle"
          data-on={view.slowSecs > 0}
          disabled={busy}
          onClick={() => void run({ t: "mod", room, op: "slow", secs: view.slowSecs > 0 ? 0 : SLOW_MODE_SECS })}
        >
          {view.slowSecs > 0 ? t("live.mod.slowOff") : t("live.mod.slowOn")}
        </button>
        <button type="button" data-testid="shield-button" data-on={shieldOn} disabled={busy || shieldOn} onClick={() => void run({ t: "mod", room, op: "shield" })}>
          {shieldOn ? mt("panel.shieldOn") : mt("panel.shield")}
        </button>
        <button type="button" data-testid="presets-toggle" aria-haspopup="dialog" aria-expanded={presets} onClick={() => setPresets((p) => !p)}>
          {mt("panel.open")}
        </button>
        {canOpenClose && (
          <button
            type="button"
            data-testid="room-open-toggle"
            data-open={view.open}
            disabled={busy}
            onClick={() => void run({ t: "mod", room, op: view.open ? "close" : "open" })}
          >
            {view.open ? t("live.mod.closeRoom") : t("live.mod.openRoom")}
          </button>
        )}
      </div>
      {error && <p className={styles.modToolsError} role="alert" data-testid="mod-error">{error}</p>}
      {panel && <MutedPanel room={room} onClose={() => setPanel(false)} />}
      {presets && (
        <PresetsPanel label={mt("panel.open")} closeLabel={mt("panel.close")} onClose={() => setPresets(false)}>
          <ModPresetsForm room={room} compact />
        </PresetsPanel>
      )}
    </div>
  );
}

/** The moderation presets' form over the chat, as a popup (focus, Escape). */
function PresetsPanel({ label, closeLabel, onClose, children }: { label: string; closeLabel: string; onClose(): void; children: React.ReactNode }) {
  const popup = useDialog<HTMLDivElement>(onClose);
  return (
    <div className={`${styles.mutedPanel} ${styles.modToolsPresets}`} role="dialog" aria-label={label} data-testid="presets-panel" {...popup}>
      <div className={styles.mutedPanelHead}>
        <span />
        <button type="button" aria-label={closeLabel} onClick={onClose}>
          ×
        </button>
      </div>
      {children}
    </div>
  );
}

/** The room's muted users (`muted` -> `mutedList`), each with an Unmute button. */
function MutedPanel({ room, onClose }: { room: string; onClose(): void }) {
  const { t } = useTranslation();
  const commands = useAtomValue(realtimeCommandsAtom);
  const [list, setList] = useState<MutedEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const popup = useDialog<HTMLDivElement>(onClose);

  const load = useCallback(async () => {
    if (!commands) return;
    const r = await commands.command({ t: "muted", room });
    if (r.ok) {
      setList(r.list ?? []);
      setError(null);
    } else {
      setError(r.msg || t("live.sendFailed"));
    }
  }, [commands, room, t]);

  useEffect(() => {
    void load();
  }, [load]);

  const unmute = async (uid: string) => {
    if (!commands) return;
    const r = await commands.command({ t: "mod", room, op: "unmute", uid });
    if (r.ok) await load();
    else setError(r.msg || t("live.sendFailed"));
  };

  return (
    <div className={styles.mutedPanel} role="dialog" aria-label={t("live.mod.mutedList")} data-testid="muted-list" {...popup}>
      <div className={styles.mutedPanelHead}>
        <strong>{t("live.mod.mutedList")}</strong>
        <button type="button" onClick={onClose} aria-label={t("live.mod.close")}>
          ×
        </button>
      </div>
      {error && <p className={styles.modToolsError} role="alert">{error}</p>}
      {list && list.length === 0 && <p className={styles.mutedPanelEmpty}>{t("live.mod.noMuted")}</p>}
      {list && list.length > 0 && (
        <ul>
          {list.map((m) => (
            <li key={m.uid} data-testid="muted-row" data-uid={m.uid}>
              <span>
                <bdi className={styles.mutedPanelName}>{m.name || m.uid}</bdi>
                <small>{t("live.mod.until", { time: formatTime(m.until) })}</small>
              </span>
              <button type="button" data-testid="unmute" onClick={() => void unmute(m.uid)}>
                {t("live.mod.unmute")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Whether shield mode is in force, from the room's announcements. */
function shieldActive(view: RoomView): boolean {
  const evs = view.log.lines.flatMap((l) => (l.kind === "event" ? [l.ev] : []));
  const ended = endedActions(evs);
  return evs.some((ev) => isPresetEvent(ev) && ev.key!.startsWith("modpresets.shield.") && !!ev.msg && !ended.has(ev.msg) && !ev.key!.endsWith(".ended") && !ev.key!.endsWith(".undone") && (ev.until ?? 0) > Date.now());
}
