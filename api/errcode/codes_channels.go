package errcode

// Promotion channels (api/channels): 6600–6649 (decision 0004).
const (
	// ChannelNotFound: no such channel, or another partner's (so channel ids cannot be probed).
	ChannelNotFound Code = 6601
	// ChannelInvalid: a channel field breaks a rule (name empty or too long, unknown type); the key
	// says which.
	ChannelInvalid Code = 6602
)

func init() {
	define(map[Code]entry{
		ChannelNotFound: {"channel.notFound", KindNotFound, EdgeREST},
		ChannelInvalid:  {"channel.invalid", KindInvalid, EdgeREST},
	})
}
