package userarea

import (
	"context"
	"errors"
	"fmt"
	"time"

	"courtside/actors/protocol"
	"courtside/api/account"
	"courtside/storage/postgres"
)

// Periods of tasks.
const (
	Daily  = "daily"
	Weekly = "weekly"
)

// Task is a daily or weekly task: reach Target units of Activity in the period, then claim Coins
// (from the promotions account, through the ledger) and Exp.
type Task struct {
	ID       string `json:"id"`
	Period   string `json:"period"`
	Activity string `json:"activity"`
	Target   int64  `json:"target"`
	Coins    int64  `json:"coins"`
	Exp      int64  `json:"exp"`
}

// Tasks are the tasks every user has, in the order the page lists them.
var Tasks = []Task{
	{ID: "watch10", Period: Daily, Activity: ActWatch, Target: 10, Exp: 20},
	{ID: "chat5", Period: Daily, Activity: ActChat, Target: 5, Coins: 10},
	{ID: "gift1", Period: Daily, Activity: ActGift, Target: 1, Exp: 30},
	{ID: "follow1", Period: Weekly, Activity: ActFollow, Target: 1, Coins: 20},
	{ID: "book1", Period: Weekly, Activity: ActBook, Target: 1, Coins: 20},
	{ID: "watch120", Period: Weekly, Activity: ActWatch, Target: 120, Coins: 100},
}

func taskByID(id string) (Task, bool) {
	for _, t := range Tasks {
		if t.ID == id {
			return t, true
		}
	}
	return Task{}, false
}

// period names the period of kind containing t: "2026-11-29" for a day, "2026-W48" for an ISO week,
// both in the area's time zone.
func (s *Service) period(kind string, t time.Time) string {
	t = t.In(s.cfg.Location)
	if kind == Weekly {
		y, w := t.ISOWeek()
		return fmt.Sprintf("%d-W%02d", y, w)
	}
	return t.Format(time.DateOnly)
}

// periodBounds is when the period of kind containing t starts and ends.
func (s *Service) periodBounds(kind string, t time.Time) (time.Time, time.Time) {
	t = t.In(s.cfg.Location)
	start := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, s.cfg.Location)
	if kind == Weekly {
		back := (int(start.Weekday()) + 6) % 7 // days since Monday
		start = start.AddDate(0, 0, -back)
		return start, start.AddDate(0, 0, 7)
	}
	return start, start.AddDate(0, 0, 1)
}

// TaskView is a task as the page shows it.
type TaskView struct {
	Task
	Progress int64 `json:"progress"`
	Done     bool  `json:"done"`
	Claimed  bool  `json:"claimed"`
	Ends     int64 `json:"ends"` // unix ms: when the period ends and the task starts again
}

// ListTasks is userID's tasks in their current periods.
func (s *Service) ListTasks(ctx context.Context, userID int64) ([]TaskView, error) {
	now := s.cfg.Now()
	periods := map[string]string{}
	for _, t := range Tasks {
		periods[t.ID] = s.period(t.Period, now)
	}
	rows, err := s.d.Store.Tasks(ctx, userID, periods)
	if err != nil {
		return nil, err
	}
	byID := map[string]postgres.TaskRow{}
	for _, r := range rows {
		byID[r.Task] = r
	}
	out := make([]TaskView, 0, len(Tasks))
	for _, t := range Tasks {
		r := byID[t.ID]
		v := TaskView{Task: t, Progress: r.Progress, Claimed: r.Claimed}
		if derived, err := s.derived(ctx, userID, t, now); err != nil {
			return nil, err
		} else if derived > v.Progress {
			v.Progress = derived
		}
		v.Progress = min(v.Progress, t.Target)
		v.Done = v.Progress >= t.Target
		_, end := s.periodBounds(t.Period, now)
		v.Ends = end.UnixMilli()
		out = append(out, v)
	}
	return out, nil
}

// derived is the progress of tasks other areas keep the record of (follows, bookings).
func (s *Service) derived(ctx context.Context, userID int64, t Task, now time.Time) (int64, error) {
	from, _ := s.periodBounds(t.Period, now)
	switch t.Activity {
	case ActFollow:
		return s.d.Store.CountFollowsSince(ctx, userID, from)
	case ActBook:
		return s.d.Store.CountBookingsSince(ctx, protocol.UserID(userID).String(), from)
	}
	return 0, nil
}

// Claimed is the reward of a claimed task.
type Claimed struct {
	Task  string `json:"task"`
	Coins int64  `json:"coins"`
	Exp   int64  `json:"exp"`
	Level int    `json:"level"`
}

// Claim grants a done task's reward, exactly once per period (ErrTaskClaimed after that; ErrTaskNotDone
// before it is done).
func (s *Service) Claim(ctx context.Context, userID int64, taskID string) (Claimed, error) {
	t, ok := taskByID(taskID)
	if !ok {
		return Claimed{}, ErrTaskUnknown
	}
	now := s.cfg.Now()
	progress, err := s.derived(ctx, userID, t, now)
	if err != nil {
		return Claimed{}, err
	}
	total, err := s.d.Store.ClaimTask(ctx, postgres.TaskClaim{UserID: userID, Task: t.ID, Period: s.period(t.Period, now),
		Target: t.Target, Progress: progress, Coins: t.Coins, Exp: t.Exp, At: now})
	switch {
	case errors.Is(err, postgres.ErrTaskClaimed):
		return Claimed{}, ErrTaskClaimed
	case errors.Is(err, postgres.ErrTaskNotDone):
		return Claimed{}, ErrTaskNotDone
	case err != nil:
		return Claimed{}, err
	}
	if t.Exp > 0 {
		s.levelUp(ctx, userID, total-t.Exp, total)
	}
	return Claimed{Task: t.ID, Coins: t.Coins, Exp: t.Exp, Level: account.Level(total)}, nil
}
