package errcode

// The site's content edited by staff (api/content, issues 16 and 19): proclamations and the footer
// and protocol pages, range 7650–7699 (decision 0004).
const (
	// ContentNotFound: no such proclamation, or no such page (the page routes answer 404 for it).
	ContentNotFound Code = 7650
	// ContentInvalid: a proclamation or a page breaks a rule (text length, a language we offer, an
	// end after the start and in the future, a link of this site or https, known blocks; the key says
	// which).
	ContentInvalid Code = 7651
	// ContentState: the proclamation's state does not allow this (editing or withdrawing one that is
	// withdrawn or over).
	ContentState Code = 7652
)

func init() {
	define(map[Code]entry{
		ContentNotFound: {"content.notFound", KindNotFound, EdgeREST},
		ContentInvalid:  {"content.invalid", KindInvalid, EdgeREST},
		ContentState:    {"content.state", KindConflict, EdgeREST},
	})
}
