package postgres

import "context"

// FollowedCards returns the rooms of the approved streamers userID follows, live or not (at most
// limit): the "following" list with who is live (issue 17 "Around the room"). Live rooms come first,
// then the most recently followed.
func (s *Anchors) FollowedCards(ctx context.Context, userID int64, limit int) ([]LiveCardRow, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+liveCardCols+liveCardFrom+`
		JOIN follows fw ON fw.followee_id=a.user_id AND fw.follower_id=$1
		WHERE a.status='approved'
		ORDER BY l.is_live DESC, fw.created_at DESC, l.room_id LIMIT $2`, userID, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []LiveCardRow
	for rows.Next() {
		c, err := scanLiveCard(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
