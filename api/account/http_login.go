package account

import (
	"courtside/api"
)

// identityInput are the spec's login payload fields.
type identityInput struct {
	MobileOrEmail      api.FlexString `json:"mobileOrEmail"`
	Name               string         `json:"name"`
	AreaCode           api.FlexString `json:"areaCode"`
	Password           string         `json:"password"`
	CheckCode          api.FlexString `json:"checkCode"`
	Type               api.FlexInt    `json:"type"` // 1 e-mail, 2 mobile, 3 register
	PromotionChannelID api.FlexString `json:"promotionChannelId"`
	ChannelFromType    api.FlexString `json:"channelFromtype"`
}

func (in identityInput) identity() Identity {
	return Identity{MobileOrEmail: string(in.MobileOrEmail), Name: in.Name, AreaCode: string(in.AreaCode), Type: in.Type.Value}
}

// codeChange reads a change proven by a code; type 3 (register) counts as "guess from the address".
func (in identityInput) codeChange() CodeChange {
	return CodeChange{MobileOrEmail: string(in.MobileOrEmail), AreaCode: string(in.AreaCode), Type: in.Type.Value % 3,
		Code: string(in.CheckCode), Password: in.Password}
}

// GET /login/loginCountryList
func (h *handlers) countries(*api.Request) (any, error) { return Countries, nil }

// POST /login/V2/sendMobilecheckCode {areaCode, mobileOrEmail | mobile}
func (h *handlers) sendMobileCode(r *api.Request) (any, error) {
	var in struct {
		AreaCode      api.FlexString `json:"areaCode"`
		MobileOrEmail api.FlexString `json:"mobileOrEmail"`
		Mobile        api.FlexString `json:"mobile"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	to := in.MobileOrEmail
	if to == "" {
		to = in.Mobile
	}
	return h.svc.SendCode(r.Context(), CodeRequest{To: string(to), AreaCode: string(in.AreaCode), Kind: MobileAddress}, client(r))
}

// POST /login/V2/sendEmailcheckCode {mobileOrEmail | email}
func (h *handlers) sendEmailCode(r *api.Request) (any, error) {
	var in struct {
		MobileOrEmail string `json:"mobileOrEmail"`
		Email         string `json:"email"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	to := in.MobileOrEmail
	if to == "" {
		to = in.Email
	}
	return h.svc.SendCode(r.Context(), CodeRequest{To: to, Kind: EmailAddress}, client(r))
}

// POST /login/V2/mobileOrNameToLogin {password, mobileOrEmail | name, areaCode}
func (h *handlers) passwordLogin(r *api.Request) (any, error) {
	var in identityInput
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.PasswordLogin(r.Context(), in.identity(), in.Password, client(r))
}

// POST /login/V2/getLoginByEmailCheckCode {checkCode, password?, mobileOrEmail | name, areaCode,
// promotionChannelId, channelFromtype, type}: sign in with a code; an unknown address is
// registered (newUser true); type 3 refuses an existing account.
func (h *handlers) codeLogin(r *api.Request) (any, error) {
	var in identityInput
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.CodeLogin(r.Context(), CodeLogin{Identity: in.identity(), Code: string(in.CheckCode), Password: in.Password,
		Channel: string(in.PromotionChannelID), FromType: string(in.ChannelFromType)}, client(r))
}

// POST /user/V2/modifyUser {password, uname}: the new-user step after a first code sign-in.
func (h *handlers) newUserStep(r *api.Request) (any, error) {
	u, _ := UserFrom(r)
	var in struct {
		Password string `json:"password"`
		Uname    string `json:"uname"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.CompleteNewUser(r.Context(), u, in.Uname, in.Password)
}

// GET /login/testLogin: continue as guest. Guests have no session; the id names them in the
// real-time protocol ("g-<hex>") and chat rooms that allow guests.
func (h *handlers) guest(*api.Request) (any, error) {
	id := NewGuestID()
	return map[string]any{"uid": id, "token": "", "guest": true, "newUser": false,
		"user": map[string]any{"userId": id, "uid": id, "guest": true, "level": 0}}, nil
}

// POST /login/logout: revokes the request's session; without one it is a no-op.
func (h *handlers) logout(r *api.Request) (any, error) {
	return nil, h.svc.Logout(r.Context(), r.Token)
}

// POST /login/modifyPassword {mobileOrEmail, areaCode, checkCode, password}: reset a forgotten
// password with a code (the modal's mode 3). Every session of the account is revoked.
func (h *handlers) resetPassword(r *api.Request) (any, error) {
	var in identityInput
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	if err := h.svc.ResetPassword(r.Context(), in.codeChange()); err != nil {
		return nil, err
	}
	return map[string]any{"changed": true}, nil
}

// POST /user/V2/mobileOrNameToChangePass {mobileOrEmail?, areaCode?, checkCode, password}: change
// the password in the security centre with a code sent to the account's own phone or e-mail.
// Every other session is revoked; this one stays.
func (h *handlers) changePassword(r *api.Request) (any, error) {
	u, _ := UserFrom(r)
	var in identityInput
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	if err := h.svc.ChangePassword(r.Context(), u, r.Token, in.codeChange()); err != nil {
		return nil, err
	}
	return map[string]any{"changed": true}, nil
}

// POST /user/V2/mobileOrNameToChange {type (1 e-mail, 2 mobile), mobileOrEmail, areaCode,
// checkCode}: bind or change the phone or e-mail, proven by a code sent to the new address.
func (h *handlers) changeContact(r *api.Request) (any, error) {
	u, _ := UserFrom(r)
	var in identityInput
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.ChangeContact(r.Context(), u, in.codeChange())
}
