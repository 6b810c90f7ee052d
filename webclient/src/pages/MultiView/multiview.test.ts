import { describe, expect, it } from "vitest";
import { type View, addRoom, EMPTY_VIEW, gridOf, MAX_TILES, moveSound, parseView, removeRoom, startingView, viewParams } from "./multiview";

describe("multi-view rules", () => {
  it("reads the set and the sound from the URL, dropping repeats, bad ids and a fifth room", () => {
    const v = parseView(new URLSearchParams("rooms=1001,1002,1001,../x,1003,1004,1005&sound=1003"));
    expect(v).toEqual({ rooms: ["1001", "1002", "1003", "1004"], sound: "1003" });
    expect(parseView(new URLSearchParams("rooms=1001,1002&sound=9999")).sound).toBe("1001");
    expect(parseView(new URLSearchParams(""))).toEqual(EMPTY_VIEW);
  });

  it("writes the URL back so a reload or a shared link opens the same view", () => {
    const v = { rooms: ["a21", "1002"], sound: "1002" };
    expect(viewParams(v).toString()).toBe("rooms=a21%2C1002&sound=1002");
    expect(parseView(viewParams(v))).toEqual(v);
    expect(viewParams(EMPTY_VIEW).toString()).toBe("");
  });

  it("holds at most four rooms; the first one added has the sound", () => {
    let v = addRoom(EMPTY_VIEW, "1001");
    expect(v).toEqual({ rooms: ["1001"], sound: "1001" });
    for (const id of ["1002", "1003", "1004", "1005"]) v = addRoom(v, id);
    expect(v.rooms).toHaveLength(MAX_TILES);
    expect(v.rooms).not.toContain("1005");
    expect(v.sound).toBe("1001");
    expect(addRoom(v, "1002")).toBe(v);
  });

  it("keeps exactly one tile with sound when it moves or its room is removed", () => {
    let v: View = { rooms: ["1001", "1002", "1003"], sound: "1001" };
    v = moveSound(v, "1003");
    expect(v.sound).toBe("1003");
    expect(moveSound(v, "9999")).toBe(v);
    v = removeRoom(v, "1002");
    expect(v).toEqual({ rooms: ["1001", "1003"], sound: "1003" });
    v = removeRoom(v, "1003");
    expect(v).toEqual({ rooms: ["1001"], sound: "1001" });
    expect(removeRoom(v, "1001")).toEqual(EMPTY_VIEW);
  });

  it("lays one tile large, two side by side, three or four two by two", () => {
    expect([0, 1, 2, 3, 4].map(gridOf)).toEqual(["empty", "one", "two", "four", "four"]);
  });

  it("starts from the URL, else the remembered view, and adds the room of ?add=", () => {
    const remembered = { rooms: ["1001", "1002"], sound: "1002" };
    expect(startingView(new URLSearchParams("rooms=1003"), remembered).view).toEqual({ rooms: ["1003"], sound: "1003" });
    expect(startingView(new URLSearchParams(""), remembered).view).toEqual(remembered);
    expect(startingView(new URLSearchParams("add=a7"), remembered)).toEqual({ view: { rooms: ["1001", "1002", "a7"], sound: "1002" }, full: false });
    expect(startingView(new URLSearchParams("add=1001"), remembered).view).toEqual(remembered);
    const full = { rooms: ["1", "2", "3", "4"], sound: "1" };
    expect(startingView(new URLSearchParams("add=5"), full)).toEqual({ view: full, full: true });
  });
});
