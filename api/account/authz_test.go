package account_test

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"slices"
	"testing"
	"time"

	"courtside/api"
	"courtside/api/account"
	"courtside/api/apitest"
	"courtside/api/errcode"
)

// TestAuthorizationMatrix calls every user-area endpoint as a guest, the owner of the data, another
// user and an administrator, and checks both the answer and that nobody but the owner changed
// the owner's data.
func TestAuthorizationMatrix(t *testing.T) {
	e := newEnv(t)
	owner := e.register("owner@example.com", "owner", "owner123")
	other := e.register("other@example.com", "other", "other123")
	admin := e.register("admin@example.com", "admin", "admin123")
	e.makeAdmin(admin.UID)
	apitest.Result(t, e.post("/user/modifyUser", map[string]any{"signature": "owner's own"}, owner.Token), nil)
	apitest.Result(t, e.post("/user/saveUserDataStatus", map[string]any{"who": "owner"}, owner.Token), nil)

	actors := []struct {
		name, token, uid string
	}{{"guest", "", ""}, {"owner", owner.Token, owner.UID}, {"other", other.Token, other.UID}, {"admin", admin.Token, admin.UID}}

	var pngBuf bytes.Buffer
	png.Encode(&pngBuf, testImage(40, 40))

	type outcome int
	const (
		needLogin outcome = iota // 1002
		denied                   // 1003
		allowed                  // success
		authed                   // past authorization (any answer but 1002/1003/3000/3001)
	)
	ownerRow := func() (sig, avatar, prefs string) {
		id, _ := api.ParseUserID(owner.UID)
		u, err := e.svc.UserByID(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := e.svc.Store().Prefs(context.Background(), id)
		return u.Signature, u.Avatar, string(p)
	}
	endpoints := []struct {
		name string
		call func(token string) apitest.Response
		want [4]outcome // guest, owner, other, admin
		// check runs after a successful call by actor (index into actors).
		check func(t *testing.T, actor int, r apitest.Response)
	}{
		{"GET /user/info (own)", func(tok string) apitest.Response { return e.get("/user/info", tok) },
			[4]outcome{needLogin, allowed, allowed, allowed},
			func(t *testing.T, a int, r apitest.Response) {
				var v struct {
					UserID  string `json:"userId"`
					Private bool   `json:"private"`
				}
				json.Unmarshal(r.Env.Result, &v)
				if v.UserID != actors[a].uid || !v.Private {
					t.Errorf("got %+v, want the caller's own full info", v)
				}
			}},
		{"GET /user/info?userId=owner", func(tok string) apitest.Response { return e.get("/user/info?userId="+owner.UID, tok) },
			[4]outcome{allowed, allowed, allowed, allowed},
			func(t *testing.T, a int, r apitest.Response) {
				var v struct {
					UserID  string `json:"userId"`
					Private bool   `json:"private"`
					Email   string `json:"email"`
				}
				json.Unmarshal(r.Env.Result, &v)
				private := a == 1 || a == 3
				if v.UserID != owner.UID || v.Private != private || (v.Email != "") != private {
					t.Errorf("got %+v, want private=%v", v, private)
				}
			}},
		{"POST /user/modifyUser", func(tok string) apitest.Response {
			return e.post("/user/modifyUser", map[string]any{"signature": "written by caller"}, tok)
		}, [4]outcome{needLogin, allowed, allowed, allowed}, nil},
		{"POST /user/V2/modifyUser", func(tok string) apitest.Response {
			return e.post("/user/V2/modifyUser", map[string]any{"uname": "hijack", "password": "hijack123"}, tok)
		}, [4]outcome{needLogin, authed, authed, authed}, nil},
		{"POST /user/uploadAvatar", func(tok string) apitest.Response { return upload(t, e, tok, "a.png", pngBuf.Bytes()) },
			[4]outcome{needLogin, allowed, allowed, allowed}, nil},
		{"GET /user/getUserDataStatus", func(tok string) apitest.Response { return e.get("/user/getUserDataStatus", tok) },
			[4]outcome{needLogin, allowed, allowed, allowed},
			func(t *testing.T, a int, r apitest.Response) {
				var v map[string]any
				json.Unmarshal(r.Env.Result, &v)
				if (v["who"] == "owner") != (a == 1) {
					t.Errorf("caller %s sees preferences %v", actors[a].name, v)
				}
			}},
		{"POST /user/saveUserDataStatus", func(tok string) apitest.Response {
			return e.post("/user/saveUserDataStatus", map[string]any{"who": "caller"}, tok)
		}, [4]outcome{needLogin, allowed, allowed, allowed}, nil},
		{"GET /user/followUser?userId=owner", func(tok string) apitest.Response { return e.get("/user/followUser?userId="+owner.UID, tok) },
			[4]outcome{needLogin, authed, allowed, allowed}, nil},
		{"GET /user/hasFollowUser?userId=owner", func(tok string) apitest.Response { return e.get("/user/hasFollowUser?userId="+owner.UID, tok) },
			[4]outcome{needLogin, allowed, allowed, allowed}, nil},
		{"GET /user/getFollowOrFansH5?userId=owner", func(tok string) apitest.Response {
			return e.get("/user/getFollowOrFansH5?type=2&userId="+owner.UID, tok)
		}, [4]outcome{needLogin, allowed, allowed, allowed}, nil},
		{"POST /user/V2/mobileOrNameToChange", func(tok string) apitest.Response {
			return e.post("/user/V2/mobileOrNameToChange", map[string]any{"type": 1, "mobileOrEmail": "owner@example.com", "checkCode": "000000"}, tok)
		}, [4]outcome{needLogin, authed, authed, authed}, nil},
		{"POST /user/V2/mobileOrNameToChangePass", func(tok string) apitest.Response {
			return e.post("/user/V2/mobileOrNameToChangePass", map[string]any{"mobileOrEmail": "owner@example.com", "checkCode": "000000", "password": "taken1234"}, tok)
		}, [4]outcome{needLogin, authed, denied, denied}, nil},
	}
	for _, ep := range endpoints {
		t.Run(ep.name, func(t *testing.T) {
			for i, a := range actors {
				sig, avatar, prefs := ownerRow()
				r := ep.call(a.token)
				switch ep.want[i] {
				case needLogin:
					if r.Env.ErrorCode != errcode.AuthRequired {
						t.Errorf("%s: errorCode %d, want %d: %s", a.name, r.Env.ErrorCode, errcode.AuthRequired, r.Body)
					}
				case denied:
					if r.Env.ErrorCode != errcode.Forbidden {
						t.Errorf("%s: errorCode %d, want %d: %s", a.name, r.Env.ErrorCode, errcode.Forbidden, r.Body)
					}
				case allowed:
					if r.Env.Status != api.StatusSuccess {
						t.Errorf("%s: want success, got %d %s", a.name, r.Env.ErrorCode, r.Body)
					} else if ep.check != nil {
						ep.check(t, i, r)
					}
				case authed:
					switch r.Env.ErrorCode {
					case errcode.AuthRequired, errcode.Forbidden, errcode.SessionExpired, errcode.SessionRevoked:
						t.Errorf("%s: refused with %d, want past authorization: %s", a.name, r.Env.ErrorCode, r.Body)
					}
				}
				if i != 1 {
					if s2, a2, p2 := ownerRow(); s2 != sig || a2 != avatar || p2 != prefs {
						t.Errorf("%s changed the owner's data: signature %q→%q avatar %q→%q prefs %q→%q", a.name, sig, s2, avatar, a2, prefs, p2)
					}
				}
			}
		})
	}
	// A role granted through the service (the back office's call, tested in api/admin) takes effect;
	// the real-time side sees it.
	ownerID, ok := api.ParseUserID(owner.UID)
	if !ok {
		t.Fatalf("owner uid %q", owner.UID)
	}
	if err := e.svc.GrantRole(context.Background(), ownerID, account.RoleStreamer, time.Time{}, "test"); err != nil {
		t.Fatal(err)
	}
	u, err := e.svc.Authenticate(context.Background(), owner.Token)
	if err != nil || !u.Has(account.RoleStreamer) || !account.Can(u, account.PermBroadcast) {
		t.Fatalf("owner after the grant: %+v %v", u, err)
	}
}

func TestCan(t *testing.T) {
	user := account.User{ID: 1}
	with := func(roles ...account.Role) account.User {
		u := account.User{ID: 2}
		for _, r := range roles {
			u.Roles = append(u.Roles, account.RoleGrant{Role: r})
		}
		return u
	}
	tests := []struct {
		name string
		u    account.User
		p    account.Permission
		want bool
	}{
		{"a guest cannot chat", account.User{}, account.PermChat, false},
		{"a user can chat", user, account.PermChat, true},
		{"a user can follow", user, account.PermFollow, true},
		{"a user cannot broadcast", user, account.PermBroadcast, false},
		{"a streamer can broadcast", with(account.RoleStreamer), account.PermBroadcast, true},
		{"a streamer moderates their room", with(account.RoleStreamer), account.PermModerateOwn, true},
		{"a streamer cannot mute platform-wide", with(account.RoleStreamer), account.PermMutePlatform, false},
		{"an expert publishes plans", with(account.RoleExpert), account.PermPublishPlan, true},
		{"a user cannot publish plans", user, account.PermPublishPlan, false},
		{"VIP sees member content", with(account.RoleVIP), account.PermMemberContent, true},
		{"VIP has no Pro stream", with(account.RoleVIP), account.PermProStream, false},
		{"SVIP has the Pro stream", with(account.RoleSVIP), account.PermProStream, true},
		{"a channel manager manages channels", with(account.RoleChannel), account.PermManageChannel, true},
		{"an admin mutes platform-wide", with(account.RoleAdmin), account.PermMutePlatform, true},
		{"an admin manages users", with(account.RoleAdmin), account.PermManageUsers, true},
		{"a muted user cannot chat", with(account.RoleMuted), account.PermChat, false},
		{"a muted user cannot comment", with(account.RoleMuted), account.PermComment, false},
		{"a muted user can still follow", with(account.RoleMuted), account.PermFollow, true},
		{"a banned admin can do nothing", with(account.RoleAdmin, account.RoleBanned), account.PermManageUsers, false},
		{"a banned user cannot follow", with(account.RoleBanned), account.PermFollow, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := account.Can(tt.u, tt.p); got != tt.want {
				t.Fatalf("Can = %v, want %v", got, tt.want)
			}
		})
	}
	if with(account.RoleSVIP).Member() != 2 || with(account.RoleVIP).Member() != 1 || user.Member() != 0 {
		t.Fatal("Member tiers wrong")
	}
}

func TestRolesExpireAndBansEndSessions(t *testing.T) {
	e := newEnv(t)
	a := e.register("a@example.com", "alice", "alice123")
	id, _ := api.ParseUserID(a.UID)
	ctx := context.Background()
	if err := e.svc.GrantRole(ctx, id, account.RoleVIP, e.clock.Now().Add(time.Hour), "membership"); err != nil {
		t.Fatal(err)
	}
	u, _ := e.svc.Authenticate(ctx, a.Token)
	if u.Member() != 1 {
		t.Fatalf("member = %d, want VIP", u.Member())
	}
	e.clock.Add(2 * time.Hour)
	u, _ = e.svc.Authenticate(ctx, a.Token)
	if u.Member() != 0 {
		t.Fatalf("member = %d after the VIP grant expired", u.Member())
	}
	if err := e.svc.GrantRole(ctx, id, account.RoleBanned, time.Time{}, "test"); err != nil {
		t.Fatal(err)
	}
	apitest.Failure(t, e.get("/user/info", a.Token), errcode.SessionRevoked, "")
	if _, r := e.login("alice", "alice123"); r.Env.ErrorCode != errcode.Banned {
		t.Fatalf("banned sign-in: %s", r.Body)
	}
}

func TestCreateAdmin(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	if _, err := account.CreateAdmin(ctx, e.pool, "root admin", "x"); err == nil {
		t.Fatal("invalid admin accepted")
	}
	u, err := account.CreateAdmin(ctx, e.pool, "root", "rootpass1")
	if err != nil || !u.Admin() || u.Username != "root" {
		t.Fatalf("CreateAdmin = %+v, %v", u, err)
	}
	lr, r := e.login("root", "rootpass1")
	if r.Env.Status != api.StatusSuccess {
		t.Fatalf("admin sign-in: %s", r.Body)
	}
	// The administrator can manage users (the back office's calls are tested in api/admin).
	if au, err := e.svc.Authenticate(ctx, lr.Token); err != nil || !account.Can(au, account.PermManageUsers) {
		t.Fatalf("the administrator cannot manage users: %+v, %v", au, err)
	}
	// Again: the password is reset, the account kept.
	u2, err := account.CreateAdmin(ctx, e.pool, "root", "another12")
	if err != nil || u2.ID != u.ID {
		t.Fatalf("second CreateAdmin = %+v, %v", u2, err)
	}
	if _, r := e.login("root", "another12"); r.Env.Status != api.StatusSuccess {
		t.Fatalf("new admin password: %s", r.Body)
	}
	if e.welcomes(u.UID()) != 0 {
		t.Fatal("an administrator got the welcome gift")
	}
}

func TestDevCodesShowsTheLastCode(t *testing.T) {
	e := newEnv(t)
	code := e.sendCode("13800138000")
	var v struct {
		To   string `json:"to"`
		Code string `json:"code"`
	}
	// "+" in a query string is a space: both spellings work.
	apitest.Result(t, e.get("/dev/codes?to=+8613800138000", ""), &v)
	if v.Code != code || v.To != "+8613800138000" {
		t.Fatalf("dev codes %+v, want %s", v, code)
	}
	apitest.Result(t, e.get("/dev/codes?to=13800138000&areaCode=86", ""), &v)
	if v.Code != code {
		t.Fatalf("dev codes by areaCode %+v", v)
	}
}

// The back office's permissions follow the staff roles: an administrator holds them all, a
// platform moderator users, reports and rooms, finance the orders and the shop, an editor the
// content; nobody else any, a banned administrator none.
func TestStaffRolesGiveTheBackOfficePermissions(t *testing.T) {
	staff := []account.Permission{account.PermBackOffice, account.PermHandleReports, account.PermManageRooms,
		account.PermReviewStreamers, account.PermReviewExperts, account.PermManageOrders, account.PermManageShop,
		account.PermEditContent, account.PermManageChannels, account.PermViewAudit, account.PermModerationRules,
		account.PermAnswerSupport}
	holds := map[account.Role][]account.Permission{
		account.RoleAdmin: staff,
		account.RoleModerator: {account.PermBackOffice, account.PermHandleReports, account.PermManageRooms,
			account.PermReviewStreamers, account.PermReviewExperts, account.PermModerationRules, account.PermAnswerSupport},
		account.RoleFinance:  {account.PermBackOffice, account.PermManageOrders, account.PermManageShop, account.PermAnswerSupport},
		account.RoleEditor:   {account.PermBackOffice, account.PermEditContent},
		account.RoleStreamer: nil,
		account.RoleUser:     nil,
	}
	for role, want := range holds {
		u := account.User{ID: 1}
		if role != account.RoleUser {
			u.Roles = []account.RoleGrant{{Role: role}}
		}
		for _, p := range staff {
			if got := account.Can(u, p); got != slices.Contains(want, p) {
				t.Errorf("%s may %s: %v", role, p, got)
			}
		}
		u.Roles = append(u.Roles, account.RoleGrant{Role: account.RoleBanned})
		for _, p := range staff {
			if account.Can(u, p) {
				t.Errorf("banned %s may %s", role, p)
			}
		}
	}
}

// TestStaffRolesAreShownOnlyToStaff: /user/info of an administrator shows the admin role to staff
// (and to themself), never to a guest or another user, so staff accounts cannot be listed.
func TestStaffRolesAreShownOnlyToStaff(t *testing.T) {
	e := newEnv(t)
	admin := e.register("boss@example.com", "boss", "boss1234")
	e.makeAdmin(admin.UID)
	admin2 := e.register("boss2@example.com", "boss2", "boss1234")
	e.makeAdmin(admin2.UID)
	other := e.register("fan@example.com", "fan", "fan12345")
	roles := func(token string) []string {
		var info struct{ Roles []string }
		apitest.Result(t, e.get("/user/info?userId="+admin.UID, token), &info)
		return info.Roles
	}
	for _, c := range []struct {
		who, token string
		staff      bool
	}{{"guest", "", false}, {"another user", other.Token, false}, {"the admin", admin.Token, true}, {"another admin", admin2.Token, true}} {
		if got := slices.Contains(roles(c.token), "admin"); got != c.staff {
			t.Errorf("%s sees the admin role: %v, want %v", c.who, got, c.staff)
		}
	}
}
