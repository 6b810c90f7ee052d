package matches

import "courtside/api"

// Routes registers the demo operators' call: POST /admin/demo/matches/advance {matchId, minutes}.
// Administrators only; under /java/admin/ the back office's gate (second factor) applies too.
func (d *Demo) Routes(srv *api.Server, users api.Authenticator, admins api.Admins) {
	auth := api.Auth{Users: users, Admins: admins}
	srv.Handle("POST /admin/demo/matches/advance", auth.RequireAdmin(func(r *api.Request, by int64) (any, error) {
		var in struct {
			MatchID string      `json:"matchId"`
			Minutes api.FlexInt `json:"minutes"`
		}
		if err := r.Decode(&in); err != nil {
			return nil, err
		}
		if err := d.Advance(r.Context(), DemoAdvance{MatchID: in.MatchID, Minutes: in.Minutes.Value, By: by, IP: r.ClientIP.String()}); err != nil {
			return nil, err
		}
		// The match actor applies the events on its own time; open pages follow on its topic.
		return map[string]any{"matchId": in.MatchID, "minutesAhead": in.Minutes.Value}, nil
	}))
}
