package account

import (
	"slices"
	"strconv"
	"time"

	"courtside/actors/protocol"
	"courtside/storage/postgres"
)

// Role is a standing a user holds (spec §6). Every account is a RoleUser; the others are data in
// user_roles, VIP and SVIP with an expiry granted by the membership module. A room moderator is
// per room and lives with the room (room_moderators), not here.
type Role string

// Roles.
const (
	RoleUser      Role = "user"
	RoleVIP       Role = "vip"
	RoleSVIP      Role = "svip"
	RoleStreamer  Role = "streamer"
	RoleExpert    Role = "expert"
	RoleAdmin     Role = "admin"     // administrator: everything, the back office included
	RoleModerator Role = "moderator" // platform moderator: users, reports, rooms (not a room's moderator)
	RoleFinance   Role = "finance"   // orders, refunds, the shop's orders and stock
	RoleEditor    Role = "editor"    // content: proclamations, footer and protocol pages, news, videos
	RoleChannel   Role = "channel"   // promotion-channel manager
	RoleBanned    Role = "banned"    // may not sign in; every permission denied
	RoleMuted     Role = "muted"     // platform-wide mute: no chat, no comments
)

// GrantableRoles are the roles stored as data (RoleUser is implicit).
var GrantableRoles = []Role{RoleVIP, RoleSVIP, RoleStreamer, RoleExpert, RoleAdmin, RoleModerator, RoleFinance, RoleEditor,
	RoleChannel, RoleBanned, RoleMuted}

// StaffRoles are the roles that open the back office (/admin).
var StaffRoles = []Role{RoleAdmin, RoleModerator, RoleFinance, RoleEditor}

// Permission is one thing a user may do; Can decides it.
type Permission string

// Permissions.
const (
	PermChat          Permission = "chat"          // speak in live-room chat
	PermGift          Permission = "gift"          // send gifts
	PermComment       Permission = "comment"       // comment on news and videos
	PermReserve       Permission = "reserve"       // reserve matches
	PermBuyPlan       Permission = "buyPlan"       // buy expert plans
	PermFollow        Permission = "follow"        // follow users
	PermEditProfile   Permission = "editProfile"   // change own profile, avatar, security settings
	PermMemberContent Permission = "memberContent" // VIP-only streamers and matches
	PermProStream     Permission = "proStream"     // SVIP no-delay stream
	PermBroadcast     Permission = "broadcast"     // push a stream, run a room
	PermModerateOwn   Permission = "moderateOwn"   // mute, delete, set moderators in one's own room
	PermPublishPlan   Permission = "publishPlan"   // publish priced plans
	PermManageChannel Permission = "manageChannel" // promotion channels and their statistics
	PermMutePlatform  Permission = "mutePlatform"  // platform-wide mute, any room's moderators
	PermManageUsers   Permission = "manageUsers"   // grant and revoke roles, ban

	// The back office's permissions (spec §6, issue 16): every staff call checks one of them.
	PermBackOffice      Permission = "backOffice"      // open /admin at all
	PermHandleReports   Permission = "handleReports"   // the reports queue
	PermManageRooms     Permission = "manageRooms"     // end broadcasts, room flags, any room's moderators
	PermReviewStreamers Permission = "reviewStreamers" // streamer applications, streaming bans
	PermReviewExperts   Permission = "reviewExperts"   // expert applications and plans
	PermManageOrders    Permission = "manageOrders"    // recharges, memberships, unlocks, refunds, shop orders
	PermManageShop      Permission = "manageShop"      // products, stock, blind-box odds
	PermEditContent     Permission = "editContent"     // proclamations, footer and protocol pages, news, videos
	PermManageChannels  Permission = "manageChannels"  // every promotion channel (partners see their own)
	PermViewAudit       Permission = "viewAudit"       // the audit log
	PermModerationRules Permission = "moderationRules" // platform banned words
	PermAnswerSupport   Permission = "answerSupport"   // the customer-service queue (/admin/support, issue 19)
)

// policy is the permission table: what each role adds. Banned removes everything; muted
// removes chat and comments.
var policy = map[Role][]Permission{
	RoleUser:     {PermChat, PermGift, PermComment, PermReserve, PermBuyPlan, PermFollow, PermEditProfile},
	RoleVIP:      {PermMemberContent},
	RoleSVIP:     {PermMemberContent, PermProStream},
	RoleStreamer: {PermBroadcast, PermModerateOwn},
	RoleExpert:   {PermPublishPlan},
	RoleChannel:  {PermManageChannel},
	RoleAdmin: {PermMutePlatform, PermManageUsers, PermModerateOwn, PermMemberContent, PermProStream,
		PermBackOffice, PermHandleReports, PermManageRooms, PermReviewStreamers, PermReviewExperts, PermManageOrders,
		PermManageShop, PermEditContent, PermManageChannels, PermViewAudit, PermModerationRules, PermAnswerSupport},
	RoleModerator: {PermMutePlatform, PermBackOffice, PermHandleReports, PermManageRooms, PermReviewStreamers,
		PermReviewExperts, PermModerationRules, PermAnswerSupport},
	RoleFinance: {PermBackOffice, PermManageOrders, PermManageShop, PermAnswerSupport},
	RoleEditor:  {PermBackOffice, PermEditContent},
}

// Can is the one authorization check, for REST handlers and the real-time engine alike. A guest
// (zero User) can do none of these; a banned user nothing; a muted user neither chat nor comment.
func Can(u User, p Permission) bool {
	if u.ID == 0 || u.Has(RoleBanned) {
		return false
	}
	if u.Has(RoleMuted) && (p == PermChat || p == PermComment) {
		return false
	}
	if slices.Contains(policy[RoleUser], p) {
		return true
	}
	for _, r := range u.Roles {
		if slices.Contains(policy[r.Role], p) {
			return true
		}
	}
	return false
}

// RoleGrant is one role held, with its expiry (zero: permanent).
type RoleGrant struct {
	Role    Role
	Expires time.Time
}

// User is a signed-in account as Authenticate returns it: identity, roles, level, membership.
type User struct {
	ID          int64  // users.id; 0 for a guest
	Username    string // "" until the new-user step
	AreaCode    string
	Phone       string // "+<area><number>"
	Email       string
	Signature   string
	Avatar      string // URL path, "" for none
	Experience  int64
	Level       int
	Roles       []RoleGrant // granted roles in force (RoleUser is implicit and not listed)
	HasPassword bool
	CreatedAt   time.Time
	// SessionExpires is when the session Authenticate checked ends unless it is used again (zero
	// for a user not read through a session).
	SessionExpires time.Time
}

// RecheckAt is when this user's rights must be checked again by an open connection: the end of
// the session or of a role held for a time (a membership, a mute), whichever comes first; zero:
// nothing ends by itself.
func (u User) RecheckAt() time.Time {
	at := u.SessionExpires
	for _, g := range u.Roles {
		if !g.Expires.IsZero() && (at.IsZero() || g.Expires.Before(at)) {
			at = g.Expires
		}
	}
	return at
}

// UID is the public id, "u<id>" (protocol.UserID), used in the API and the real-time protocol.
func (u User) UID() string { return protocol.UserID(u.ID).String() }

// Name is what others see: the username, or "user<id>" before the new-user step.
func (u User) Name() string {
	if u.Username != "" {
		return u.Username
	}
	return "user" + strconv.FormatInt(u.ID, 10)
}

// NewUser reports whether the new-user step (username and initial password) is still due.
func (u User) NewUser() bool { return u.Username == "" || !u.HasPassword }

// Has reports whether the user holds role r now (RoleUser for every account).
func (u User) Has(r Role) bool {
	if r == RoleUser {
		return u.ID != 0
	}
	for _, g := range u.Roles {
		if g.Role == r {
			return true
		}
	}
	return false
}

// expires returns when role r ends (zero: permanent or not held).
func (u User) expires(r Role) time.Time {
	for _, g := range u.Roles {
		if g.Role == r {
			return g.Expires
		}
	}
	return time.Time{}
}

// Member is the membership tier: 0 none, 1 VIP, 2 SVIP (room.Identity.Member).
func (u User) Member() int {
	switch {
	case u.Has(RoleSVIP):
		return 2
	case u.Has(RoleVIP):
		return 1
	}
	return 0
}

// Staff reports whether u holds a role of the back office (StaffRoles) and is not banned.
func (u User) Staff() bool {
	if u.Has(RoleBanned) {
		return false
	}
	for _, r := range StaffRoles {
		if u.Has(r) {
			return true
		}
	}
	return false
}

// Admin reports whether the user is a platform administrator.
func (u User) Admin() bool { return u.Has(RoleAdmin) && !u.Has(RoleBanned) }

func userFromRow(r postgres.UserRow) User {
	u := User{ID: r.ID, Username: r.Username, AreaCode: r.AreaCode, Phone: r.Phone, Email: r.Email, Signature: r.Signature,
		Avatar: r.Avatar, Experience: r.Experience, Level: Level(r.Experience), HasPassword: r.PasswordHash != "", CreatedAt: r.CreatedAt}
	for _, g := range r.Roles {
		u.Roles = append(u.Roles, RoleGrant{Role: Role(g.Role), Expires: g.Expires})
	}
	return u
}

// Levels: level n needs 50·n·(n−1) experience in all (1: 0, 2: 100, 3: 300, 4: 600, 5: 1000,
// 10: 4500, 20: 19000, ...), up to MaxLevel. Experience comes from activity (README: daily
// sign-in +10 here; the engine adds chat, gifts and purchases through Service.AddExperience).
const MaxLevel = 60

// LevelThreshold is the total experience level n needs.
func LevelThreshold(n int) int64 {
	if n <= 1 {
		return 0
	}
	return 50 * int64(n) * int64(n-1)
}

// Level is the level of a total experience.
func Level(exp int64) int {
	n := 1
	for n < MaxLevel && LevelThreshold(n+1) <= exp {
		n++
	}
	return n
}
