package errcode

// In-room predictions and channel points (api/predictions, issue 25), range 7100–7149.
const (
	// PredictionNotFound: no such prediction, or no such room.
	PredictionNotFound Code = 7101
	// PredictionForbidden: only the room's streamer or a moderator may open, lock, resolve or cancel.
	PredictionForbidden Code = 7102
	// PredictionActive: the room already runs a prediction (one at a time).
	PredictionActive Code = 7103
	// PredictionClosed: entries are locked (or the prediction is over).
	PredictionClosed Code = 7104
	// PredictionSettled: the prediction was already resolved or cancelled.
	PredictionSettled Code = 7105
	// PointsShort: not enough channel points for the stake (the balance is given).
	PointsShort Code = 7106
	// PredictionOtherOutcome: the user already entered on another outcome (one entry per user; they
	// may only add to it).
	PredictionOtherOutcome Code = 7107
	// PredictionInvalid: a prediction or an entry breaks a rule (question, outcomes, lock time,
	// stake, outcome; the key says which).
	PredictionInvalid Code = 7108
	// PredictionMarket: the market is not offered here (no linked match, not a market of the game,
	// the match already started or ended).
	PredictionMarket Code = 7109
	// PredictionAutomatic: a market taken from the match resolves itself from the match; only a
	// free question is resolved by hand (a match market may still be cancelled).
	PredictionAutomatic Code = 7110
)

func init() {
	define(map[Code]entry{
		PredictionNotFound:     {"predictions.notFound", KindNotFound, EdgeREST},
		PredictionForbidden:    {"predictions.forbidden", KindForbidden, EdgeREST},
		PredictionActive:       {"predictions.active", KindConflict, EdgeREST},
		PredictionClosed:       {"predictions.closed", KindConflict, EdgeREST},
		PredictionSettled:      {"predictions.settled", KindConflict, EdgeREST},
		PointsShort:            {"predictions.pointsShort", KindInvalid, EdgeREST},
		PredictionOtherOutcome: {"predictions.otherOutcome", KindConflict, EdgeREST},
		PredictionInvalid:      {"predictions.invalid", KindInvalid, EdgeREST},
		PredictionMarket:       {"predictions.market", KindInvalid, EdgeREST},
		PredictionAutomatic:    {"predictions.automatic", KindConflict, EdgeREST},
	})
}
