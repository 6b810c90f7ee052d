// useTopic: the one call a page makes to follow a score topic. It registers the page's
// interest in topicWantsAtom for as long as the component is mounted (the bridge then
// subscribes, re-subscribes after a reconnect, and unsubscribes when no page wants the
// topic) and returns the topic's merged state (match id -> latest fields).
import { useEffect } from "react";
import { useAtomValue, useSetAtom } from "../state/hooks";
import { addTopicWant, removeTopicWant, topicAtom, topicWantsAtom, type TopicState } from "../state/realtime";

/**
 * Follows `topic` (`match:<id>` or `scores:<gameId>`) while mounted. `delayMs` asks for a
 * spoiler-free delay (the server rounds it up to its nearest delay class). An empty topic
 * follows nothing.
 */
export function useTopic(topic: string, delayMs = 0): TopicState {
  const setWants = useSetAtom(topicWantsAtom);
  useEffect(() => {
    if (!topic) return;
    setWants((w) => addTopicWant(w, topic, delayMs));
    return () => setWants((w) => removeTopicWant(w, topic, delayMs));
  }, [topic, delayMs, setWants]);
  return useAtomValue(topicAtom(topic));
}
