package predictions

import "courtside/api/errcode"

// The area's errors (codes 7101–7110 in api/errcode/codes_predictions.go, messages in
// api/locale/messages/predictions). Never modify one; the With* methods return copies.
var (
	ErrNotFound  = errcode.New(errcode.PredictionNotFound)
	ErrForbidden = errcode.New(errcode.PredictionForbidden)
	// ErrStreamerEntry: the streamer may not stake in their own room's predictions.
	ErrStreamerEntry = ErrForbidden.WithKey("predictions.streamerEntry")
	ErrActive        = errcode.New(errcode.PredictionActive)
	ErrClosed        = errcode.New(errcode.PredictionClosed)
	ErrSettled       = errcode.New(errcode.PredictionSettled)
	ErrPointsShort   = errcode.New(errcode.PointsShort) // WithArgs(balance)
	ErrOtherOutcome  = errcode.New(errcode.PredictionOtherOutcome)
	ErrMarket        = errcode.New(errcode.PredictionMarket)
	ErrAutomatic     = errcode.New(errcode.PredictionAutomatic)

	// Validation, all PredictionInvalid.
	ErrInvalid  = errcode.New(errcode.PredictionInvalid)
	ErrQuestion = ErrInvalid.WithKey("predictions.questionInvalid")
	ErrOutcomes = ErrInvalid.WithKey("predictions.outcomesInvalid")
	ErrLock     = ErrInvalid.WithKey("predictions.lockInvalid")
	ErrStake    = ErrInvalid.WithKey("predictions.stakeInvalid")
	ErrOutcome  = ErrInvalid.WithKey("predictions.outcomeInvalid")
)
