package experts

import (
	"strconv"
	"strings"
	"time"

	"courtside/actors/protocol"
	"courtside/api"
	"courtside/storage/postgres"
)

// handlers are the area's REST endpoints: they decode, ask auth who calls, call the Service and
// shape the answer (the table is in README.md). No rule lives here.
type handlers struct {
	svc  *Service
	auth api.Auth
}

// PermReviewExperts is the back-office permission of the staff routes (account.PermReviewExperts).
const PermReviewExperts = "reviewExperts"

// Routes registers every endpoint on srv; users says who sends a request (the accounts module).
func (s *Service) Routes(srv *api.Server, users api.Authenticator) {
	h := &handlers{svc: s, auth: api.Auth{Users: users, Admins: s.d.Admins, Staff: s.d.Staff}}
	user, staff := h.auth.RequireUser, h.auth.RequireStaff(PermReviewExperts)

	// Applying.
	srv.Handle("POST /user/expertApplyStart", user(h.applyStart))
	srv.Handle("POST /user/expertApply", user(h.apply))

	// The creator centre (an approved expert's own data).
	srv.Handle("GET /creator_platform/getExpertPlans", user(h.ownPlans))
	srv.Handle("GET /creator_platform/dataBoard", user(h.dataBoard))
	srv.Handle("GET /creator_platform/getReturnsDetailed", user(h.returns))
	srv.Handle("GET /creator_platform/getReturnsDetailedSummary", user(h.returnsSummary))
	srv.Handle("GET /creator_platform/getMonthlyReturnsDetailed", user(h.monthly))
	srv.Handle("GET /creator_platform/matches", user(h.pickMatches))
	srv.Handle("POST /expert_plan/add", user(h.addPlan))
	srv.Handle("POST /expert_plan/edit", user(h.editPlan))
	srv.Handle("POST /expert_plan/remove", user(h.removePlan))

	// Buying.
	srv.Handle("GET /expert_plan/checkGold", user(h.checkGold))
	srv.Handle("POST /orderpay/goldExpertPlan", user(h.buy))
	srv.Handle("GET /user/userExpertPlanOrderPC", user(h.bought))
	srv.Handle("GET /expert_plan/focusEvents", user(h.focusEvents))

	// Public reads (a signed-in viewer sees the plans they bought).
	srv.Handle("GET /expert/getHomeExpertPlans", h.homePlans)
	srv.Handle("GET /expert/recommendExpert", h.recommend)
	srv.Handle("GET /expert/expertLibraryPC", h.library)
	srv.Handle("GET /expert/ranking", h.ranking)
	srv.Handle("GET /expert/getExpertInfo", h.expertInfo)
	srv.Handle("GET /expert/getExpertInfoAccuracy", h.accuracy)
	srv.Handle("GET /expert/getExpertInfoGraph", h.graph)
	srv.Handle("GET /expert_plan/getPlansPC", h.plans)
	srv.Handle("GET /expert_plan/getExpertPlanInfo", h.planInfo)

	// Staff (back office), every action in the audit log.
	srv.Handle("GET /admin/experts/applications", staff(h.adminApplications))
	srv.Handle("POST /admin/experts/decide", staff(h.adminDecide))
	srv.Handle("POST /admin/experts/featured", staff(h.adminFeatured))
	srv.Handle("GET /admin/experts/plans", staff(h.adminPlans))
	srv.Handle("POST /admin/experts/plans/decide", staff(h.adminDecidePlan))
	srv.Handle("POST /admin/experts/results/correct", staff(h.adminCorrect))
}

// ExpertView is an expert as the pages show them.
type ExpertView struct {
	ID       string `json:"id"` // for links only; never shown
	Nickname string `json:"nickname"`
	Avatar   string `json:"avatar"`
	Intro    string `json:"intro"`
	Games    []int  `json:"games"`
	Featured bool   `json:"featured"`
	Stats    *Stats `json:"stats,omitempty"`
}

func expertView(e postgres.ExpertRow, st *Stats) ExpertView {
	games := make([]int, len(e.Games))
	for i, g := range e.Games {
		games[i] = int(g)
	}
	return ExpertView{ID: protocol.UserID(e.UserID).String(), Nickname: e.Nickname, Avatar: e.Avatar, Intro: e.Intro, Games: games,
		Featured: e.Featured, Stats: st}
}

// PlanView is a plan as the pages show it. Pick, Line and Content are empty for a viewer who may
// not read the plan; the pick is public once the match has started (the record is public).
type PlanView struct {
	ID           string  `json:"id"`
	ExpertID     string  `json:"expertId"`
	ExpertName   string  `json:"expertName"`
	MatchID      string  `json:"matchId"`
	GameID       int     `json:"gameId"`
	League       string  `json:"league"`
	Home         string  `json:"home"`
	Away         string  `json:"away"`
	MatchTime    int64   `json:"matchTime"`
	PlayType     string  `json:"playType"`
	PlayLevel    int     `json:"playLevel"`
	Pick         string  `json:"pick,omitempty"`
	Line         float64 `json:"line"`
	Odds         float64 `json:"odds"`
	Title        string  `json:"title"`
	Content      string  `json:"content,omitempty"`
	Label        string  `json:"label"`
	Price        int64   `json:"price"`
	RefundIfLost bool    `json:"refundIfLost"`
	LoginToView  bool    `json:"loginToView"`
	State        string  `json:"state"`
	Reason       string  `json:"reason,omitempty"`
	Sales        int     `json:"sales"`
	Version      int     `json:"version"`
	CreateTime   int64   `json:"createTime"`
	ReleaseTime  int64   `json:"releaseTime"`
	Hash         string  `json:"hash"`
	Outcome      string  `json:"outcome"`
	Result       string  `json:"result,omitempty"` // "2-1" once settled
	SettledAt    int64   `json:"settledAt"`
	Readable     bool    `json:"readable"`
	Bought       bool    `json:"bought"`
	Started      bool    `json:"started"`
	Editable     bool    `json:"editable"`
}

func (h *handlers) planView(p postgres.PlanRow, readable, bought bool) PlanView {
	now := h.svc.cfg.Now()
	v := PlanView{ID: strconv.FormatInt(p.ID, 10), ExpertID: protocol.UserID(p.ExpertID).String(), ExpertName: p.ExpertName,
		MatchID: p.MatchID, GameID: p.GameID, League: p.League, Home: p.Home, Away: p.Away, MatchTime: api.Millis(p.MatchStart),
		PlayType: p.PlayType, PlayLevel: p.PlayLevel, Odds: p.Odds, Title: p.Title, Label: p.Label, Price: p.Price,
		RefundIfLost: p.RefundIfLost, LoginToView: p.LoginToView, State: p.State, Sales: p.Sales, Version: p.Version,
		CreateTime: api.Millis(p.CreatedAt), ReleaseTime: api.Millis(p.ReleasedAt), Hash: p.RecordHash, Outcome: p.Outcome,
		SettledAt: api.Millis(p.SettledAt), Readable: readable, Bought: bought, Started: !now.Before(p.MatchStart)}
	if readable || v.Started {
		v.Pick, v.Line = p.Pick, p.Line
	} else if p.PlayType != "1x2" {
		v.Line = p.Line
	}
	if readable {
		v.Content = p.Content
	}
	if !p.SettledAt.IsZero() {
		v.Result = strconv.Itoa(p.ResultHome) + "-" + strconv.Itoa(p.ResultAway)
	}
	v.Editable = editable(p, now) == nil
	return v
}

// planID reads a plan id ("12"); ErrPlanNotFound for a malformed one.
func planID(s string) (int64, error) {
	id, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || id <= 0 {
		return 0, ErrPlanNotFound
	}
	return id, nil
}

// expertID reads an expert id ("u42" or "42").
func expertID(s string) (int64, error) {
	id, ok := api.ParseUserID(s)
	if !ok || id <= 0 {
		return 0, ErrNotExpert
	}
	return id, nil
}

func millisOrZero(t time.Time) int64 { return api.Millis(t) }
