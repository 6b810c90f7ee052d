// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { Booking } from "../../api/matches";
import type { ReservedBroadcast } from "../../api/reservations";
import { bookingRows } from "./Bookings";

const match = (id: string, startTime: number, state: Booking["state"]) => ({ match: { id, startTime } as Booking["match"], state, notified: false, createdAt: 0 });
const cast = (id: number, startTime: number, state: ReservedBroadcast["state"]) => ({ id, startTime, state }) as ReservedBroadcast;

describe("bookingRows", () => {
  it("lists matches and broadcasts in one list: in progress, then booked soonest first, then ended and cancelled latest first", () => {
    const rows = bookingRows(
      [match("m1", 300, "booked"), match("m2", 100, "finished"), match("m3", 50, "inProgress")],
      [cast(1, 200, "booked"), cast(2, 400, "cancelled"), cast(3, 150, "finished")],
    );
    expect(rows.map((r) => r.key)).toEqual(["m:m3", "b:1", "m:m1", "b:3", "m:m2", "b:2"]);
    expect(rows.find((r) => r.key === "b:1")?.kind).toBe("broadcast");
  });
});
