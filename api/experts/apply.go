package experts

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"courtside/api/audit"
	"courtside/storage/postgres"
)

// ApplyStart is what the application form starts from: the caller's status and bound phone.
type ApplyStart struct {
	Status      string // none, review, approved, rejected, banned
	Reason      string
	PhoneBound  bool
	MaskedPhone string
}

// ApplyStart tells the applicant where they stand before the form (POST /user/expertApplyStart).
func (s *Service) ApplyStart(ctx context.Context, uid int64) (ApplyStart, error) {
	out := ApplyStart{Status: "none"}
	e, err := s.d.Store.Expert(ctx, uid)
	if err == nil {
		out.Status, out.Reason = e.Status, e.Reason
	} else if !errors.Is(err, postgres.ErrExpertNotFound) {
		return out, err
	}
	phone, err := s.phone(ctx, uid)
	if err != nil {
		return out, err
	}
	out.PhoneBound, out.MaskedPhone = phone != "", mask(phone, 3, 4)
	return out, nil
}

func (s *Service) phone(ctx context.Context, uid int64) (string, error) {
	if s.d.Phones == nil {
		return "", nil
	}
	return s.d.Phones.BoundPhone(ctx, uid)
}

// Application is the expert application (spec §3): identity, the phone bound to the account
// (taken from the account, not the form), the public name and introduction, the games covered and
// the track record claimed.
type Application struct {
	Nickname   string
	RealName   string
	IDNumber   string
	Intro      string
	Experience string
	Games      []int
}

var idNumber = regexp.MustCompile(`^[0-9A-Za-z]{6,20}$`)

func validateApplication(a *Application) error {
	a.Nickname, a.RealName = strings.TrimSpace(a.Nickname), strings.TrimSpace(a.RealName)
	a.IDNumber, a.Intro, a.Experience = strings.TrimSpace(a.IDNumber), strings.TrimSpace(a.Intro), strings.TrimSpace(a.Experience)
	switch n := utf8.RuneCountInString(a.Nickname); {
	case n < 2 || n > 20:
		return applyError("expert.nicknameLength")
	}
	if n := utf8.RuneCountInString(a.RealName); n < 2 || n > 40 {
		return applyError("expert.realNameRequired")
	}
	if !idNumber.MatchString(a.IDNumber) {
		return applyError("expert.idNumberInvalid")
	}
	if n := utf8.RuneCountInString(a.Intro); n < 10 || n > 500 {
		return applyError("expert.introLength")
	}
	if utf8.RuneCountInString(a.Experience) > 500 {
		return applyError("expert.experienceLength")
	}
	if len(a.Games) == 0 || len(a.Games) > 10 {
		return applyError("expert.gamesRequired")
	}
	for _, g := range a.Games {
		if g <= 0 {
			return applyError("expert.gamesRequired")
		}
	}
	return nil
}

// Apply submits an application under review (POST /user/expertApply): a first one or a new one
// after a rejection. ErrUnderReview while one is under review, ErrExpertState when approved,
// ErrExpertBanned when banned, ErrPhoneNotBound without a bound phone, 6104 for a bad field.
func (s *Service) Apply(ctx context.Context, uid int64, a Application) (postgres.ExpertRow, error) {
	if err := validateApplication(&a); err != nil {
		return postgres.ExpertRow{}, err
	}
	phone, err := s.phone(ctx, uid)
	if err != nil {
		return postgres.ExpertRow{}, err
	}
	if phone == "" {
		return postgres.ExpertRow{}, ErrPhoneNotBound
	}
	games := make([]int32, len(a.Games))
	for i, g := range a.Games {
		games[i] = int32(g)
	}
	row, err := s.d.Store.Apply(ctx, postgres.ExpertRow{UserID: uid, Nickname: a.Nickname, RealName: a.RealName, IDNumber: a.IDNumber,
		Phone: phone, Intro: a.Intro, Experience: a.Experience, Games: games, SubmittedAt: s.cfg.Now()})
	if errors.Is(err, postgres.ErrExpertState) {
		cur, cerr := s.d.Store.Expert(ctx, uid)
		switch {
		case cerr != nil:
			return row, cerr
		case cur.Status == postgres.ExpertReview:
			return row, ErrUnderReview
		case cur.Status == postgres.ExpertBanned:
			return row, ErrExpertBanned
		}
		return row, ErrExpertState
	}
	return row, err
}

// Applications lists applications in one status for the review queue (ErrBadInput for another).
func (s *Service) Applications(ctx context.Context, status string, limit, offset int) ([]postgres.ExpertRow, error) {
	switch status {
	case postgres.ExpertReview, postgres.ExpertApproved, postgres.ExpertRejected, postgres.ExpertBanned:
	default:
		return nil, ErrBadInput
	}
	return s.d.Store.ExpertsByStatus(ctx, status, limit, offset)
}

// Decision is a staff decision on an expert: approve or reject an application under review, ban
// an expert or lift the ban.
type Decision struct {
	UserID int64
	Action string // approve, reject, ban, unban
	Reason string // required to reject and to ban: the applicant sees it
	By     int64
	ByName string
	IP     string
}

// Decide applies a staff decision and writes it to the audit log. Approval and lifting a ban grant
// the expert role; a ban revokes it. ErrExpertState from a status the action does not apply to.
func (s *Service) Decide(ctx context.Context, d Decision) (postgres.ExpertRow, error) {
	d.Reason = strings.TrimSpace(d.Reason)
	var from []string
	var to string
	switch d.Action {
	case "approve":
		from, to = []string{postgres.ExpertReview}, postgres.ExpertApproved
	case "reject":
		from, to = []string{postgres.ExpertReview}, postgres.ExpertRejected
	case "ban":
		from, to = []string{postgres.ExpertApproved}, postgres.ExpertBanned
	case "unban":
		from, to = []string{postgres.ExpertBanned}, postgres.ExpertApproved
	default:
		return postgres.ExpertRow{}, ErrBadInput
	}
	if d.UserID <= 0 || ((d.Action == "reject" || d.Action == "ban") && d.Reason == "") {
		return postgres.ExpertRow{}, ErrBadInput
	}
	before, err := s.d.Store.Expert(ctx, d.UserID)
	if errors.Is(err, postgres.ErrExpertNotFound) {
		return before, ErrNotExpert
	} else if err != nil {
		return before, err
	}
	row, err := s.d.Store.SetExpertStatus(ctx, d.UserID, from, to, d.Reason, d.By, s.cfg.Now())
	if errors.Is(err, postgres.ErrExpertState) {
		return row, ErrExpertState
	} else if err != nil {
		return row, err
	}
	if s.d.Roles != nil {
		if err := s.d.Roles.SetExpert(ctx, d.UserID, to == postgres.ExpertApproved); err != nil {
			return row, err
		}
	}
	s.record(ctx, audit.Entry{ActorID: d.By, ActorName: d.ByName, Action: "expert." + d.Action, TargetKind: "expert",
		TargetID: fmt.Sprint(d.UserID), Before: map[string]string{"status": before.Status}, After: map[string]string{"status": row.Status},
		Reason: d.Reason, IP: d.IP})
	return row, nil
}

// mask keeps the first head and last tail characters.
func mask(s string, head, tail int) string {
	if len(s) <= head+tail {
		return strings.Repeat("*", len(s))
	}
	return s[:head] + strings.Repeat("*", len(s)-head-tail) + s[len(s)-tail:]
}
