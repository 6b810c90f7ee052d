package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"courtside/api"
	"courtside/api/apitest"
)

// staffPolicy: user 1 may review, user 2 may not, user 3's lookup fails.
type staffPolicy struct{}

func (staffPolicy) Can(_ context.Context, uid int64, perm string) (bool, error) {
	if uid == 3 {
		return false, context.DeadlineExceeded
	}
	return uid == 1 && perm == "reviewStreamers", nil
}

// A back-office route runs for the staff member who holds its permission and nobody else.
func TestRequireStaffChecksThePermission(t *testing.T) {
	srv := api.New(api.Config{})
	auth := api.Auth{Users: apitest.TokenUser{}, Staff: staffPolicy{}}
	srv.Handle("POST /admin/review", auth.RequireStaff("reviewStreamers")(func(_ *api.Request, uid int64) (any, error) {
		return uid, nil
	}))
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	for _, c := range []struct {
		token  string
		status int
	}{{"u1", http.StatusOK}, {"u2", http.StatusForbidden}, {"", http.StatusUnauthorized}, {"u3", http.StatusInternalServerError}} {
		h := http.Header{}
		if c.token != "" {
			h.Set("token", c.token)
		}
		if r := apitest.Do(t, hs.URL, "POST", "/java/admin/review", "", h); r.Status != c.status {
			t.Errorf("token %q: %d, want %d (%s)", c.token, r.Status, c.status, r.Body)
		}
	}
}
