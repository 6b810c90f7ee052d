package account

import (
	"strings"

	"courtside/api"
	"courtside/api/account/mail"
)

// DevCodes answers GET /java/dev/codes?to=<e-mail or +<area><number>> with the codes the sink
// holds for that destination, newest last. It exposes secrets by design: mount it on a
// development node only, never in production:
//
//	if sink := accounts.DevSink(); sink != nil && devMode {
//		srv.Handle("GET /dev/codes", account.DevCodes(sink))
//	}
func DevCodes(sink *mail.DevSink) api.HandlerFunc {
	return func(r *api.Request) (any, error) {
		to := strings.TrimSpace(r.Query("to"))
		if to == "" {
			return nil, api.BadRequest("validation.mobileEmpty")
		}
		if !strings.Contains(to, "@") && !strings.HasPrefix(to, "+") {
			// "+" in a query string decodes as a space, which TrimSpace removed.
			area := strings.TrimPrefix(r.Query("areaCode"), "+")
			to = "+" + area + to
		}
		sent := sink.Last(to)
		last := ""
		if len(sent) > 0 {
			last = sent[len(sent)-1].Code
		}
		return map[string]any{"to": to, "code": last, "sent": sent}, nil
	}
}
