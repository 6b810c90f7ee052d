package errcode

// The streamer centre's ingest tools (api/anchor, issue 17 "Around the room": GET /addIpWhite, the
// source-address allow-list of a stream key), range 7400–7449.
const (
	// StreamSourceInvalid: the address is not an IP address or a network in CIDR form (192.0.2.7,
	// 192.0.2.0/24, 2001:db8::/48), or it is too wide to mean anything (a /0 lets everyone in), or the
	// note is too long.
	StreamSourceInvalid Code = 7400
	// StreamSourceListFull: the allow-list already holds the most addresses a stream key may have.
	StreamSourceListFull Code = 7401
	// StreamSourceNotListed: removing an address that is not on the allow-list.
	StreamSourceNotListed Code = 7402
	// StreamSourceAction: addIpWhite's action is not add, remove or list.
	StreamSourceAction Code = 7403
)

func init() {
	define(map[Code]entry{
		StreamSourceInvalid:   {"streamcentre.sourceInvalid", KindInvalid, EdgeREST},
		StreamSourceListFull:  {"streamcentre.sourceListFull", KindConflict, EdgeREST},
		StreamSourceNotListed: {"streamcentre.sourceNotListed", KindNotFound, EdgeREST},
		StreamSourceAction:    {"streamcentre.sourceAction", KindInvalid, EdgeREST},
	})
}
