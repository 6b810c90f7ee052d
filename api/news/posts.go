package news

import (
	"context"
	"time"

	"courtside/storage/postgres"
)

// Submit is user's post: an article in the user's name, pending review by staff; it appears only
// once approved (Review).
func (s *Service) Submit(ctx context.Context, user int64, d Draft) (Article, error) {
	d.ID = 0
	a, err := check(d)
	if err != nil {
		return Article{}, err
	}
	a.State, a.UserPost, a.AuthorID, a.AuthorName = StatePending, true, user, s.name(ctx, user)
	out, err := s.store.SaveArticle(ctx, a, s.now())
	if err != nil {
		return Article{}, err
	}
	s.changed(ctx, out)
	return out, nil
}

// MyPosts is a page of user's submitted posts in every state, newest first.
func (s *Service) MyPosts(ctx context.Context, user int64, limit, offset int) ([]View, int, error) {
	yes := true
	rows, total, err := s.store.Articles(ctx, postgres.NewsFilter{Author: user, UserPost: &yes, Limit: limit, Offset: offset})
	if err != nil {
		return nil, 0, err
	}
	return s.views(ctx, rows), total, nil
}

// UserPosts is a page of user's posts readers see now (the public profile).
func (s *Service) UserPosts(ctx context.Context, user int64, limit, offset int) ([]View, int, error) {
	yes := true
	rows, total, err := s.store.Articles(ctx, postgres.NewsFilter{Author: user, UserPost: &yes, Visible: s.now(), Limit: limit, Offset: offset})
	if err != nil {
		return nil, 0, err
	}
	return s.views(ctx, rows), total, nil
}

// Review decides on a user's pending post: approved, it is published now; else rejected with the
// note the user sees.
func (s *Service) Review(ctx context.Context, actor Actor, id int64, approve bool, note string) (Article, error) {
	old, err := s.store.Article(ctx, id)
	if err != nil {
		return Article{}, storeErr(err)
	}
	if !old.UserPost {
		return Article{}, ErrState
	}
	state, action := StateRejected, "article.reject"
	if approve {
		state, action = StatePublished, "article.approve"
	}
	at := time.Time{}
	if approve {
		at = s.now()
	}
	out, err := s.store.SetArticleState(ctx, id, []string{StatePending}, state, at, note, s.now())
	if err != nil {
		return Article{}, stateErr(err)
	}
	s.record(ctx, actor, action, &old, &out, note)
	s.changed(ctx, out)
	return out, nil
}
