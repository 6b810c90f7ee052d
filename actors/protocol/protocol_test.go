package protocol_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"courtside/actors/protocol"
)

func TestDecodeValidatesEachCommand(t *testing.T) {
	long := strings.Repeat("好", protocol.MaxTextRunes+1)
	cases := []struct {
		name string
		in   string
		ok   bool
	}{
		{"auth as guest", `{"t":"auth"}`, true},
		{"join with since", `{"t":"join","room":"1001","since":0}`, true},
		{"join with a bad room id", `{"t":"join","room":"10 01"}`, false},
		{"chat", `{"t":"chat","room":"1001","text":"hi","nonce":"n"}`, true},
		{"chat without nonce", `{"t":"chat","room":"1001","text":"hi"}`, false},
		{"empty chat", `{"t":"chat","room":"1001","text":"","nonce":"n"}`, false},
		{"chat at the rune limit", `{"t":"chat","room":"1001","text":"` + strings.Repeat("好", protocol.MaxTextRunes) + `","nonce":"n"}`, true},
		{"chat over the rune limit", `{"t":"chat","room":"1001","text":"` + long + `","nonce":"n"}`, false},
		{"gift", `{"t":"gift","room":"1001","gift":"rose","count":3,"nonce":"g"}`, true},
		{"gift count zero", `{"t":"gift","room":"1001","gift":"rose","count":0,"nonce":"g"}`, false},
		{"mute", `{"t":"mod","room":"1001","op":"mute","uid":"u1","secs":60}`, true},
		{"unknown mod op", `{"t":"mod","room":"1001","op":"ban","uid":"u1"}`, false},
		{"negative mute", `{"t":"mod","room":"1001","op":"mute","uid":"u1","secs":-1}`, false},
		{"report with a spec reason", `{"t":"report","room":"1001","msg":"1001-4","reason":"ads"}`, true},
		{"report with another reason", `{"t":"report","room":"1001","msg":"1001-4","reason":"boring"}`, false},
		{"sub", `{"t":"sub","topic":"match:9"}`, true},
		{"unknown type", `{"t":"dance"}`, false},
		{"not json", `hello`, false},
		{"wrong field type", `{"t":"join","room":1001}`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var m protocol.ClientMessage
			if err := protocol.Decode([]byte(c.in), &m); (err == nil) != c.ok {
				t.Fatalf("Decode(%s) = %v, want ok=%v", c.in, err, c.ok)
			}
		})
	}
}

func TestSinceZeroIsDistinguishedFromNoSince(t *testing.T) {
	var m protocol.ClientMessage
	if protocol.Decode([]byte(`{"t":"join","room":"r","since":0}`), &m) != nil || !m.HasSince {
		t.Fatal("since 0 lost")
	}
	if protocol.Decode([]byte(`{"t":"join","room":"r"}`), &m) != nil || m.HasSince {
		t.Fatal("absent since taken as present")
	}
}

func TestBatchIsTheConcatenationOfEncodedEvents(t *testing.T) {
	a := protocol.EncodeEvent(&protocol.Event{Seq: 1, K: protocol.KChat, Text: `say "hi"`})
	b := protocol.EncodeEvent(&protocol.Event{Seq: 2, K: protocol.KDelete, Msg: "r-1"})
	got := string(protocol.AppendBatch(nil, `r"1`, [][]byte{a, b}, 3))
	want := `{"t":"batch","room":"r\"1","ev":[` + string(a) + `,` + string(b) + `],"sampled":3}`
	if got != want {
		t.Fatalf("batch\n got %s\nwant %s", got, want)
	}
}

// DecodeBatch reads back what AppendBatch wrote, event bytes unchanged.
func TestDecodeBatchReadsBackAppendBatch(t *testing.T) {
	a := protocol.EncodeEvent(&protocol.Event{Seq: 22, K: protocol.KChat, Text: "a,]}"})
	b := protocol.EncodeEvent(&protocol.Event{Seq: 23, K: protocol.KSys, Key: "live.started"})
	evs, sampled, err := protocol.DecodeBatch(protocol.AppendBatch(nil, "1001", [][]byte{a, b}, 4))
	if err != nil || sampled != 4 || len(evs) != 2 || string(evs[0]) != string(a) || string(evs[1]) != string(b) {
		t.Fatalf("got %q sampled %d err %v", evs, sampled, err)
	}
	if _, _, err := protocol.DecodeBatch([]byte(`{"t":"presence","room":"1001","n":3}`)); err == nil {
		t.Fatal("a presence frame decoded as a batch")
	}
}

// FuzzDecode: whatever a client sends, Decode never panics, and what it accepts is within limits.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"t":"auth","token":"","lan":"en_US"}`,
		`{"t":"join","room":"1001","since":41}`,
		`{"t":"chat","room":"1001","text":"what a goal","nonce":"a7f3-12"}`,
		`{"t":"mod","room":"1001","op":"mute","uid":"u42","secs":600,"reason":"spam","nonce":"m-3"}`,
		`{"t":"report","room":"1001","msg":"1001-4","reason":"attack","nonce":"r"}`,
		`{"t":"gift","room":"1001","gift":"rocket","count":1,"nonce":"g"}`,
		`{"t":"sub","topic":"scores:202","delayMs":8000}`,
		`{"t":"ping"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var m protocol.ClientMessage
		if protocol.Decode(b, &m) != nil {
			return
		}
		if m.T == protocol.TChat && (utf8.RuneCountInString(m.Text) > protocol.MaxTextRunes || m.Nonce == "") {
			t.Fatalf("accepted an invalid chat: %+v", m)
		}
		if m.Room != "" && !protocol.ValidRoomID(m.Room) {
			t.Fatalf("accepted room id %q", m.Room)
		}
	})
}
