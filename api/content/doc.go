// Package content is the site's text that staff edit from the back office (issues 16 and 19):
//
//   - Proclamations: a site announcement in one language (or every language), shown from its start to
//     its end (or until withdrawn) as a dismissible banner under the header. GET /app/getProclamation
//     answers the current one for the request's language; a signed-in user's dismissals are stored
//     here, a guest's stay in the browser. Staff with the editContent permission (the content editor,
//     administrators) create, reschedule and withdraw them; the state (scheduled, active, ended,
//     withdrawn) is judged against the injected clock (Config.Now), so a scheduled proclamation
//     appears at its time with no job running.
//   - Pages: the footer and protocol pages (/about, /protocol/1 the user agreement, /protocol/2 the
//     privacy policy, /protocol/{complaint, cooperation, power, responsibility, service, streamer},
//     /certificate) per language, as a title and a list of safe blocks (headings, paragraphs, lists;
//     never HTML: the client renders text only). Each page ships a default text for Courtside
//     (defaults/<locale>.json); a text staff saved in a language replaces it there, and "reset"
//     removes the saved text again. A language without either falls back to the saved, then the
//     default English text.
//
// Every staff action is written to the audit log (Deps.Audit) with the state before and after.
//
// Files: service.go (Deps, Service), proclamations.go and pages.go (the rules), defaults.go (the
// shipped texts), http.go (public calls) and http_staff.go (the back office's calls).
//
// Concurrency: a Service is safe for concurrent use; its state is in Postgres, the default texts are
// read once at New and never change.
package content
