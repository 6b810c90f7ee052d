package locale_test

import (
	"strings"
	"testing"

	"courtside/api/locale"
)

// specMessages are the messages of spec §8 ("Error catalogue"), each with the catalogue key that
// carries it and a phrase its English text must contain.
var specMessages = []struct {
	spec, key, phrase string
}{
	{"fallback: 'system exception, please try later'", "server.error", "system exception"},
	{"404: 'This page could not be found'", "page.notFound", "this page could not be found"},
	{"'Access Denied' (no permission to access this page)", "access.denied", "access denied"},
	{"'Failed to Send'", "chat.failed", "failed to send"},
	{"you have been muted or banned from speaking", "chat.muted", "muted"},
	{"'Content non-compliance'", "chat.nonCompliant", "content non-compliance"},
	{"'Chat room not open'", "chat.roomClosed", "chat room not open"},
	{"'Level too low'", "chat.levelTooLow", "level too low"},
	{"'Insufficient gold coins'", "gift.insufficientCoins", "insufficient gold coins"},
	{"insufficient diamonds", "gift.insufficientDiamonds", "insufficient diamonds"},
	{"prompt to recharge or to use the mobile app for more coins", "recharge.prompt", "mobile app"},
	{"no live broadcast", "live.noBroadcast", "no live broadcast"},
	{"server error", "server.error", "system exception"},
	{"gift giving failed", "gift.failed", "gift giving failed"},
	{"room disconnected", "room.disconnected", "room disconnected"},
	{"streamer not found", "room.notFound", "streamer not found"},
	{"streamer not yet live", "live.notYetLive", "not live yet"},
	{"report success message", "report.success", "report"},
	{"network error", "network.error", "network error"},
	{"request failed", "request.failed", "request failed"},
	{"load failed", "load.failed", "load failed"},
	{"recharge failed", "recharge.failed", "recharge failed"},
	{"activation failed", "membership.activationFailed", "activation failed"},
	{"upload failed", "upload.failed", "upload failed"},
	{"application failed", "application.failed", "application failed"},
	{"redemption (exchange) failed", "redeem.failed", "redemption failed"},
	{"phone not bound", "anchor.phoneNotBound", "phone not bound"},
	{"'Please apply to become a creator first'", "expert.applyFirst", "please apply to become a creator first"},
	{"trial ended (activate membership to continue)", "live.trialEnded", "trial ended"},
	{"please log in first", "auth.required", "please log in first"},
	{"verification code error", "validation.codeWrong", "verification code error"},
	{"format error", "format.error", "format error"},
	{"phone number cannot be empty", "validation.mobileEmpty", "phone number cannot be empty"},
	{"out of recharge range (maximum 99999)", "recharge.outOfRange", "out of recharge range (maximum 99999)"},
	{"errorCode 2010 on third-party login: prompt to bind an e-mail", "oauth.bindEmail", "bind an e-mail"},
	{"errorCode 3000: session cleared", "session.expired", "log in again"},
	{"errorCode 3001: session cleared", "session.revoked", "log in again"},
}

// TestEverySpecMessageInEveryLanguage: each message of spec §8 is in the catalogue, non-empty, in
// all 22 locales, and its English text says what the spec says.
func TestEverySpecMessageInEveryLanguage(t *testing.T) {
	cat := readCatalogue(t)
	for _, m := range specMessages {
		en := cat[locale.Fallback][m.key]
		if !strings.Contains(strings.ToLower(en), m.phrase) {
			t.Errorf("spec §8 %s: %s is %q in %s, which does not say %q", m.spec, m.key, en, locale.Fallback, m.phrase)
		}
		for _, lang := range locale.All {
			if strings.TrimSpace(cat[lang][m.key]) == "" {
				t.Errorf("spec §8 %s: %s is missing or empty in %s", m.spec, m.key, lang)
			}
		}
	}
}
