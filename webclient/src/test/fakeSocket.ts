// A stand-in WebSocket for the DOM tests of the real-time path (RealtimeBridge, the room's chat):
// it records what the client sends and lets the test speak for the gateway. Install it with
// vi.stubGlobal("WebSocket", FakeSocket) and reset FakeSocket.last before each test.
import { act } from "react";

export class FakeSocket {
  static readonly OPEN = 1;
  /** The socket the client opened last. */
  static last: FakeSocket | null = null;
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(s: string) {
    this.sent.push(JSON.parse(s) as Record<string, unknown>);
  }
  close() {}
  /** Delivers a frame from the gateway. */
  server(frame: object) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
}
