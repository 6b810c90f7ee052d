package history

import (
	"bytes"
	"reflect"
	"testing"
)

func TestValueRoundTrip(t *testing.T) {
	cases := []struct {
		name string
		ev   Event
	}{
		{"chat with payload", Event{ID: "1001-42", Kind: "chat", UserID: "g-9c1e", Time: 1763800000000, Payload: []byte(`{"seq":42,"k":"chat"}`)}},
		{"del with target and no id", Event{Kind: "del", UserID: "mod", Target: "1001-41", Time: 1, Payload: []byte(`{}`)}},
		{"empty everything", Event{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got Event
			if err := decodeValue(encodeValue(nil, &c.ev), &got); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, c.ev) {
				t.Fatalf("round trip = %+v, want %+v", got, c.ev)
			}
		})
	}
}

func TestPayloadAppendDoesNotCorruptStrings(t *testing.T) {
	ev := Event{ID: "id", Kind: "chat", UserID: "u", Time: 5, Payload: []byte("xy")}
	var got Event
	if err := decodeValue(encodeValue(nil, &ev), &got); err != nil {
		t.Fatal(err)
	}
	got.Payload[0] = 'Z'
	_ = append(got.Payload, "more bytes than fit"...)
	if got.ID != "id" || got.Kind != "chat" || got.UserID != "u" {
		t.Fatalf("strings changed after writing to Payload: %+v", got)
	}
}

func TestEventKeysOfOneRoomAreOneRange(t *testing.T) {
	// "a" and "ab": without the length prefix, room a's range would contain room ab's keys.
	pa := roomPrefix(nil, tagEvent, "a")
	kab := eventKey(nil, "ab", 1, 1, markEvent)
	if bytes.Compare(kab, pa) >= 0 && bytes.Compare(kab, prefixEnd(pa)) < 0 {
		t.Fatalf("room ab's key %x falls in room a's range [%x, %x)", kab, pa, prefixEnd(pa))
	}
	if !(bytes.Compare(eventKey(nil, "a", 1, 9, markEvent), eventKey(nil, "a", 1, 9, markTombstone)) < 0 &&
		bytes.Compare(eventKey(nil, "a", 1, 9, markTombstone), eventKey(nil, "a", 1, 10, markEvent)) < 0 &&
		bytes.Compare(eventKey(nil, "a", 1, 1<<40, markEvent), eventKey(nil, "a", 2, 0, markEvent)) < 0) {
		t.Fatal("event keys do not sort by (bucket, seq, event before tombstone)")
	}
}

func FuzzDecodeValue(f *testing.F) {
	f.Add(encodeValue(nil, &Event{ID: "1001-42", Kind: "chat", UserID: "u", Time: 7, Payload: []byte(`{"k":"chat"}`)}))
	f.Add([]byte{valueVersion, 0xff, 0xff, 0xff})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, v []byte) {
		var ev Event
		if err := decodeValue(v, &ev); err != nil {
			return
		}
		// Whatever decodes must survive a round trip unchanged (the bytes may differ: a varint can
		// be written non-minimally).
		var again Event
		if err := decodeValue(encodeValue(nil, &ev), &again); err != nil {
			t.Fatalf("re-decoding %+v: %v", ev, err)
		}
		if !reflect.DeepEqual(again, ev) {
			t.Fatalf("round trip changed %+v into %+v", ev, again)
		}
	})
}
