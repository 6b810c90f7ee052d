package oauth

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
)

// WeChat and QQ do not follow RFC 6749's token request (a GET with the secret in the query, JSON
// answers with an error code inside a 200); these are their flows. Neither returns an e-mail, so a
// first sign-in always goes through the bind step (errorCode 2010), where the nickname and the
// avatar URL become the account binding's qqOrWechatName and headimgurl.

// exchangeWeChat: GET TokenURL?appid&secret&code&grant_type=authorization_code, then
// GET UserInfoURL?access_token&openid. The subject is the unionid when the app has one (the same
// person across the operator's apps), else the openid.
func (p *Provider) exchangeWeChat(ctx context.Context, code string) (Identity, error) {
	var tok struct {
		AccessToken string `json:"access_token"`
		OpenID      string `json:"openid"`
		UnionID     string `json:"unionid"`
		ErrCode     int    `json:"errcode"`
		ErrMsg      string `json:"errmsg"`
	}
	q := url.Values{"appid": {p.cfg.ClientID}, "secret": {p.cfg.ClientSecret}, "code": {code}, "grant_type": {"authorization_code"}}
	if err := p.getJSON(ctx, p.cfg.TokenURL, q, &tok); err != nil || tok.ErrCode != 0 || tok.AccessToken == "" || tok.OpenID == "" {
		return Identity{}, fmt.Errorf("%w: wechat token: %v %d %s", ErrExchange, err, tok.ErrCode, tok.ErrMsg)
	}
	var prof struct {
		OpenID     string `json:"openid"`
		UnionID    string `json:"unionid"`
		Nickname   string `json:"nickname"`
		HeadImgURL string `json:"headimgurl"`
		ErrCode    int    `json:"errcode"`
	}
	if err := p.getJSON(ctx, p.cfg.UserInfoURL, url.Values{"access_token": {tok.AccessToken}, "openid": {tok.OpenID}}, &prof); err != nil || prof.ErrCode != 0 {
		return Identity{}, fmt.Errorf("%w: wechat userinfo: %v %d", ErrProfile, err, prof.ErrCode)
	}
	if prof.OpenID != "" && prof.OpenID != tok.OpenID {
		return Identity{}, fmt.Errorf("%w: wechat userinfo for another openid", ErrProfile)
	}
	sub := tok.UnionID
	if sub == "" {
		sub = prof.UnionID
	}
	if sub == "" {
		sub = tok.OpenID
	}
	return Identity{Subject: sub, Name: prof.Nickname, Picture: prof.HeadImgURL}, nil
}

// exchangeQQ: GET TokenURL?grant_type&client_id&client_secret&code&redirect_uri&fmt=json, then
// GET OpenIDURL?access_token&fmt=json for the openid, then GET UserInfoURL?access_token&
// oauth_consumer_key&openid.
func (p *Provider) exchangeQQ(ctx context.Context, code string) (Identity, error) {
	var tok struct {
		AccessToken string `json:"access_token"`
		Error       int    `json:"error"`
	}
	q := url.Values{"grant_type": {"authorization_code"}, "client_id": {p.cfg.ClientID}, "client_secret": {p.cfg.ClientSecret},
		"code": {code}, "redirect_uri": {p.cfg.RedirectURL}, "fmt": {"json"}}
	if err := p.getJSON(ctx, p.cfg.TokenURL, q, &tok); err != nil || tok.Error != 0 || tok.AccessToken == "" {
		return Identity{}, fmt.Errorf("%w: qq token: %v %d", ErrExchange, err, tok.Error)
	}
	var me struct {
		ClientID string `json:"client_id"`
		OpenID   string `json:"openid"`
	}
	if err := p.getJSON(ctx, p.cfg.OpenIDURL, url.Values{"access_token": {tok.AccessToken}, "fmt": {"json"}}, &me); err != nil || me.OpenID == "" {
		return Identity{}, fmt.Errorf("%w: qq openid: %v", ErrProfile, err)
	}
	if me.ClientID != "" && me.ClientID != p.cfg.ClientID {
		return Identity{}, fmt.Errorf("%w: qq token issued to another app", ErrProfile)
	}
	var prof struct {
		Ret      int    `json:"ret"`
		Msg      string `json:"msg"`
		Nickname string `json:"nickname"`
		Figure2  string `json:"figureurl_qq_2"`
		Figure1  string `json:"figureurl_qq_1"`
	}
	if err := p.getJSON(ctx, p.cfg.UserInfoURL, url.Values{"access_token": {tok.AccessToken}, "oauth_consumer_key": {p.cfg.ClientID},
		"openid": {me.OpenID}}, &prof); err != nil || prof.Ret != 0 {
		return Identity{}, fmt.Errorf("%w: qq get_user_info: %v %d %s", ErrProfile, err, prof.Ret, prof.Msg)
	}
	pic := prof.Figure2
	if pic == "" {
		pic = prof.Figure1
	}
	return Identity{Subject: me.OpenID, Name: prof.Nickname, Picture: pic}, nil
}

// getJSON GETs base with q added to its query and decodes a JSON answer (QQ's older "callback( ... );"
// wrapping is unwrapped).
func (p *Provider) getJSON(ctx context.Context, base string, q url.Values, v any) error {
	u, err := url.Parse(base)
	if err != nil {
		return err
	}
	all := u.Query()
	for k, vs := range q {
		all[k] = vs
	}
	u.RawQuery = all.Encode()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	resp, err := p.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	text := strings.TrimSpace(string(body))
	if strings.HasPrefix(text, "callback(") {
		text = strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(text, "callback("), ";"), ")")
	}
	return json.Unmarshal([]byte(strings.TrimSpace(text)), v)
}
