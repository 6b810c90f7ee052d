// Multi-view (issue 17, /live2): the last set of rooms the viewer watched together, kept on this
// device so "Add to multi-view" in a live room adds to it. The URL stays the shareable record of a
// view; this is only where /live2 without a set, or with ?add=, starts from.
import { atomWithStorage } from "jotai/utils";

/** Room ids of the last multi-view, sound first-class: { rooms, sound }. */
export const multiViewAtom = atomWithStorage<{ rooms: string[]; sound: string | null }>(
  "courtside.multiview",
  { rooms: [], sound: null },
  undefined,
  { getOnInit: true },
);
