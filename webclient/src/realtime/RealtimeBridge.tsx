// The one component that owns the WebSocket (style.md React 2). It renders nothing: it
// keeps a RealtimeConnection in step with the rooms pages want, and turns what the
// connection reports into atom writes. Pages only read atoms and call the commands in
// realtimeCommandsAtom.
import { useEffect, useRef } from "react";
import { useAtomValue, useStore } from "../state/hooks";
import { RealtimeConnection } from "./connection";
import { gatewayUrl, pickGateway } from "./protocol";
import type { RoomEvent } from "./protocol";
import { addGap, applyAck, applyBatch, EMPTY_LOG } from "./roomLog";
import { selfStanding } from "./selfMute";
import { systemApi } from "../api/system";
import {
  connErrorAtom,
  connStatusAtom,
  EMPTY_ROOM,
  forgetRoomAtom,
  forgetTopicAtom,
  mergeTopic,
  realtimeCommandsAtom,
  roomAtom,
  roomWantsAtom,
  topicAtom,
  topicStatusAtom,
  topicWantsAtom,
  wsUserAtom,
  type RoomView,
} from "../state/realtime";
import { tokenAtom } from "../state/session";
import { inboxVersionAtom, lastNoticeAtom, unreadAtom } from "../state/userarea";
import { localeAtom } from "../state/locale";
import { GATEWAY_FALLBACK_PORT } from "../config";

// Every (re)connect asks again and moves one gateway along the list: when a node dies, the next
// attempt reaches another one (and resumes there with `since`).
let connectAttempts = 0;

async function resolveGateway(): Promise<string> {
  const page = { protocol: window.location.protocol, host: window.location.host };
  try {
    const res = await systemApi.gateways({ toast: false });
    const entry = pickGateway(res?.gateways ?? [], connectAttempts++);
    if (entry) return gatewayUrl(entry, page);
  } catch {
    // Fall through to the conventional gateway port on the page's host.
  }
  return gatewayUrl(`${window.location.hostname}:${GATEWAY_FALLBACK_PORT}`, page);
}

/** Event kinds that only a moderator, the streamer or an administrator can cause. */
const MOD_KINDS = new Set(["del", "mute", "unmute", "mod", "unmod", "slow", "open", "close"]);

/** Room settings carried by events (slow mode, open/closed, a change of access). */
function settle(v: RoomView, events: readonly RoomEvent[]): RoomView {
  let out = v;
  for (const ev of events) {
    if (ev.k === "slow") out = { ...out, slowSecs: ev.secs ?? 0 };
    else if (ev.k === "open" || ev.k === "close") out = { ...out, open: ev.k === "open" };
    else if (ev.k === "access") out = { ...out, accessVersion: out.accessVersion + 1 };
  }
  return out;
}

/** topic -> the delay to subscribe with: the largest any page asked for. */
function wantedTopics(w: Record<string, number[]>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [topic, delays] of Object.entries(w)) if (delays.length > 0) out.set(topic, Math.max(...delays));
  return out;
}

export function RealtimeBridge(): null {
  const store = useStore();
  const wants = useAtomValue(roomWantsAtom);
  const topicWants = useAtomValue(topicWantsAtom);
  const knownTopics = useRef<Set<string>>(new Set());
  const token = useAtomValue(tokenAtom);
  const locale = useAtomValue(localeAtom);
  const connRef = useRef<RealtimeConnection | null>(null);
  const joinedRooms = useRef<Set<string>>(new Set());

  useEffect(() => {
    const update = (room: string, fn: (v: typeof EMPTY_ROOM) => typeof EMPTY_ROOM) => store.set(roomAtom(room), fn);
    const conn = new RealtimeConnection({
      resolveUrl: resolveGateway,
      auth: () => ({ token: store.get(tokenAtom), lan: store.get(localeAtom) }),
      listener: {
        status: (s) => {
          store.set(connStatusAtom, s);
          if (s.state !== "connected") {
            for (const r of joinedRooms.current) update(r, (v) => ({ ...v, joined: false }));
          }
        },
        welcome: (f) => {
          store.set(wsUserAtom, f.user);
          store.set(connErrorAtom, null);
        },
        joined: (f) => {
          joinedRooms.current.add(f.room);
          update(f.room, (v) => ({
            ...v,
            joined: true,
            joinError: null,
            open: f.open,
            slowSecs: f.slow ?? v.slowSecs,
            minLevel: f.minLevel ?? 0,
            you: f.you
              ? { mod: !!f.you.mod || !!f.you.streamer, streamer: !!f.you.streamer, mutedUntil: f.you.mutedUntil ?? 0 }
              : v.you,
            log: f.gap ? addGap(v.log, conn.resumePoint(f.room) ?? 0) : v.log,
          }));
          // The server does not say (yet) who moderates a room. A signed-in user asks for the
          // muted list: only the room's moderators, streamer and administrators get it.
          const me = store.get(wsUserAtom);
          if (me && !me.guest && !f.you) {
            void conn.command({ t: "muted", room: f.room }).then((r) => {
              if (r.ok && joinedRooms.current.has(f.room)) update(f.room, (v) => (v.you.mod ? v : { ...v, you: { ...v.you, mod: true } }));
            });
          }
        },
        events: (room, ev, sampled) =>
          update(room, (v) =>
            selfStanding(settle({ ...v, log: applyBatch(v.log, ev), sampled: v.sampled + sampled }, ev), ev, store.get(wsUserAtom)?.id),
          ),
        presence: (room, count) => update(room, (v) => ({ ...v, presence: count })),
        ack: (room, f) =>
          update(room, (v) => {
            if (!f.ev) return v;
            const next = settle({ ...v, log: applyAck(v.log, f.ev) }, [f.ev]);
            if (f.ev.k === "chat") return { ...next, sendError: null, sendErrorKey: null };
            // The server accepted a moderation command of ours: we moderate this room.
            if (MOD_KINDS.has(f.ev.k) && !v.you.mod) return { ...next, you: { ...v.you, mod: true } };
            return next;
          }),
        error: (room, f) => {
          if (room === undefined) {
            store.set(connErrorAtom, { code: f.code, key: f.key, msg: f.msg });
            return;
          }
          // A level refusal names the level needed: the input locks with it (SignedInChatInput).
          const minLevel = f.key === "chat.levelTooLow" && f.level ? f.level : undefined;
          update(room, (v) => ({ ...v, sendError: f.msg || null, sendErrorKey: f.key, minLevel: minLevel ?? v.minLevel }));
        },
        joinRefused: (room, f) => update(room, (v) => ({ ...v, joined: false, joinError: f.msg || f.key })),
        score: (topic, deltas) => store.set(topicAtom(topic), (s) => mergeTopic(s, deltas)),
        topicStatus: (topic, st) => store.set(topicStatusAtom, (m) => ({ ...m, [topic]: st })),
        notice: (f) => {
          if (f.key !== "inbox.new" && f.key !== "inbox.read") return;
          if (typeof f.unread === "number") store.set(unreadAtom, f.unread);
          store.set(inboxVersionAtom, (v) => v + 1);
          if (f.key === "inbox.new") store.set(lastNoticeAtom, { kind: f.kind ?? "", link: f.link ?? "", at: Date.now() });
        },
      },
    });
    connRef.current = conn;
    store.set(realtimeCommandsAtom, {
      sendChat: (room, text) => conn.sendChat(room, text) !== null,
      reconnect: () => conn.reconnectNow(),
      clearSendError: (room) => update(room, (v) => ({ ...v, sendError: null, sendErrorKey: null })),
      command: (cmd) => conn.command(cmd),
    });
    return () => {
      conn.stop();
      connRef.current = null;
      store.set(realtimeCommandsAtom, null);
    };
  }, [store]);

  // Keep the joined rooms in step with what pages want; connect on first need.
  useEffect(() => {
    const conn = connRef.current;
    if (!conn) return;
    const rooms = Object.keys(wants).filter((r) => (wants[r] ?? 0) > 0);
    conn.setRooms(rooms);
    for (const r of [...joinedRooms.current]) {
      if (!rooms.includes(r)) {
        joinedRooms.current.delete(r);
        store.set(roomAtom(r), { ...EMPTY_ROOM, log: EMPTY_LOG });
        forgetRoomAtom(r);
      }
    }
    if (rooms.length > 0) conn.start();
  }, [wants, store]);

  // Keep the score-topic subscriptions in step with what pages want.
  useEffect(() => {
    const conn = connRef.current;
    if (!conn) return;
    const topics = wantedTopics(topicWants);
    conn.setTopics(topics);
    for (const t of [...knownTopics.current]) {
      if (topics.has(t)) continue;
      knownTopics.current.delete(t);
      store.set(topicAtom(t), {});
      forgetTopicAtom(t);
      store.set(topicStatusAtom, (m) => {
        const next = { ...m };
        delete next[t];
        return next;
      });
    }
    for (const t of topics.keys()) knownTopics.current.add(t);
    if (topics.size > 0) conn.start();
  }, [topicWants, store]);

  // A signed-in user's notices (message centre) arrive on the socket: connect for them too.
  useEffect(() => {
    if (token) connRef.current?.start();
  }, [token]);

  // A login, logout or language switch changes what `auth` says: reconnect and resume.
  const authKey = `${token}|${locale}`;
  const lastAuthKey = useRef(authKey);
  useEffect(() => {
    if (lastAuthKey.current === authKey) return;
    lastAuthKey.current = authKey;
    const conn = connRef.current;
    if (conn && conn.current.state !== "idle") conn.reconnectNow();
  }, [authKey]);

  return null;
}
