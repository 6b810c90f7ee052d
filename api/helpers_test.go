package api_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"courtside/api"
	"courtside/api/apitest"
)

// mustResult checks a success envelope and decodes its result into v.
func mustResult(t *testing.T, resp apitest.Response, v any) {
	t.Helper()
	if resp.Status != 200 || resp.Env.Status != api.StatusSuccess {
		t.Fatalf("HTTP %d, body %s", resp.Status, resp.Body)
	}
	if err := json.Unmarshal(resp.Env.Result, v); err != nil {
		t.Fatalf("result %s: %v", resp.Env.Result, err)
	}
}

func decodeBody(resp *http.Response, v any) error {
	return json.NewDecoder(resp.Body).Decode(v)
}
