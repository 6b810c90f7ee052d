package errcode

// Custom-tag rooms (issue 17 "Around the room": api/anchor customtag.go), range 7550–7599.
const (
	// CustomTagInvalid: a custom tag is not 2 to 20 letters, digits, spaces, hyphens or '&' (it names a
	// page, /customLive/{tag}, and is shown on room cards).
	CustomTagInvalid Code = 7550
)

func init() {
	define(map[Code]entry{
		CustomTagInvalid: {"customLive.tagInvalid", KindInvalid, EdgeREST},
	})
}
