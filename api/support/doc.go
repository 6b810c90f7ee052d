// Package support is customer service (issue 19, the route /salesmartly of decision 0016): a
// signed-in user writes to support — a category, a subject and a message — and reads the thread of
// each of their tickets; staff with the answerSupport permission work the queue in the back office
// (/admin/support): the open tickets that waited longest first, a thread read, answered, closed.
//
// Rules (service.go): the category is one of Categories; the subject and the message have length
// limits (Config); a user opens at most Config.PerHour tickets an hour (SupportTooMany, counted in
// Postgres, so every node agrees); a thread holds at most Config.MaxMessages messages; a closed
// ticket takes no more messages. A user reads only their own tickets: another's is "not found"
// (404), never "forbidden", so ids reveal nothing. A staff answer sets the ticket "answered", the
// user's next message sets it "open" again; each answer and close is written to the audit log, and
// an answer reaches the user's message centre (api/notice, pushed live to their open sessions).
//
// Storage: storage/postgres SupportStore (migration 1680). HTTP: http.go (README.md has the table).
// Errors: 7801–7808 (api/errcode/codes_support.go), messages in api/locale/messages/support.
//
// Concurrency: a Service is safe for concurrent use.
package support
