package errcode

// The site search (api/search), range 6500–6549 (decision 0004).
const (
	// SearchQueryEmpty: the query has nothing to search for (empty, or only punctuation).
	SearchQueryEmpty Code = 6501
	// SearchQueryTooLong: the query is over the longest allowed (the limit is given).
	SearchQueryTooLong Code = 6502
	// SearchKindUnknown: the kind asked is not one the search knows.
	SearchKindUnknown Code = 6503
	// SearchPageInvalid: the page is not a number from 1 to the last allowed (the limit is given).
	SearchPageInvalid Code = 6504
)

func init() {
	define(map[Code]entry{
		SearchQueryEmpty:   {"search.queryEmpty", KindInvalid, EdgeREST},
		SearchQueryTooLong: {"search.queryTooLong", KindInvalid, EdgeREST},
		SearchKindUnknown:  {"search.kindUnknown", KindInvalid, EdgeREST},
		SearchPageInvalid:  {"search.pageInvalid", KindInvalid, EdgeREST},
	})
}
