package api_test

import (
	"encoding/json"
	"math"
	"net/http/httptest"
	"testing"
	"time"

	"courtside/api"
	"courtside/api/errcode"
)

func TestPagingClampsWhateverTheNumbers(t *testing.T) {
	tests := []struct {
		query   string
		want    api.Page
		wantErr bool
	}{
		{"", api.Page{Index: 1, Size: 20}, false},
		{"pageIndex=3&pageSize=7", api.Page{Index: 3, Size: 7}, false},
		{"page=2&size=5", api.Page{Index: 2, Size: 5}, false},
		{"pageIndex=0&pageSize=0", api.Page{Index: 1, Size: 20}, false},
		{"pageIndex=-5&pageSize=-1", api.Page{Index: 1, Size: 20}, false},
		{"pageSize=1000", api.Page{Index: 1, Size: 100}, false},
		{"pageIndex=99999999999999999999999&pageSize=99999999999999999999", api.Page{Index: api.MaxPageIndex, Size: 100}, false},
		{"pageIndex=-99999999999999999999999", api.Page{Index: 1, Size: 20}, false},
		{"pageSize=x", api.Page{}, true},
		{"pageIndex=1.5", api.Page{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			r := &api.Request{HTTP: httptest.NewRequest("GET", "/java/x?"+tt.query, nil)}
			got, err := r.Paging()
			if tt.wantErr {
				if e, ok := errcode.As(err); !ok || e.Code != errcode.Format {
					t.Fatalf("err = %v, want a format error", err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("Paging() = %+v, %v; want %+v", got, err, tt.want)
			}
			if off := got.Offset(); off < 0 || off > math.MaxInt64/2 {
				t.Fatalf("offset %d", off)
			}
		})
	}
}

func TestIntQueryAndMillis(t *testing.T) {
	r := &api.Request{HTTP: httptest.NewRequest("GET", "/java/x?a=42&b=no&c=99999999999999999999", nil)}
	if n, err := r.IntQuery("a", 7); n != 42 || err != nil {
		t.Fatalf("a: %d %v", n, err)
	}
	if n, err := r.IntQuery("missing", 7); n != 7 || err != nil {
		t.Fatalf("missing: %d %v", n, err)
	}
	if _, err := r.IntQuery("b", 7); err == nil {
		t.Fatal("b: a word is a number")
	}
	if n, err := r.IntQuery("c", 7); n != math.MaxInt || err != nil {
		t.Fatalf("c: %d %v", n, err)
	}
	if api.Millis(time.Time{}) != 0 || api.Millis(time.UnixMilli(1234)) != 1234 {
		t.Fatal("Millis")
	}
}

func TestFlexFieldsTakeNumbersAndStrings(t *testing.T) {
	var v struct {
		A, B, C, D api.FlexInt
		S, N       api.FlexString
	}
	if err := json.Unmarshal([]byte(`{"A":3,"B":"4","C":null,"D":"","S":"86","N":86}`), &v); err != nil {
		t.Fatal(err)
	}
	if v.A != (api.FlexInt{Value: 3, Set: true}) || v.B != (api.FlexInt{Value: 4, Set: true}) || v.C.Set || v.D.Set || v.S != "86" || v.N != "86" {
		t.Fatalf("%+v", v)
	}
	if p := v.B.Ptr(); p == nil || *p != 4 || v.C.Ptr() != nil {
		t.Fatal("Ptr")
	}
	if err := json.Unmarshal([]byte(`{"A":"three"}`), &v); err == nil {
		t.Fatal("a word is a number")
	}
}

func TestPageListIsTheAnswerOfAPagedCall(t *testing.T) {
	got := api.NewPage(3, 10).List([]string{"a", "b"}, 22)
	b, err := json.Marshal(got)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"list":["a","b"],"pageIndex":3,"pageSize":10,"total":22}`; string(b) != want {
		t.Fatalf("Page.List = %s, want %s", b, want)
	}
}
