package providers

import "errors"

var (
	// ErrUnauthorized: the provider refused the API key (HTTP 401, or its own "token" error). The
	// adapter stops: retrying cannot help.
	ErrUnauthorized = errors.New("providers: API key refused")
	// ErrForbidden: the plan does not include this endpoint (HTTP 403). The adapter stops using
	// the endpoint and says so in its log.
	ErrForbidden = errors.New("providers: endpoint not in the plan")
	// ErrNotFound: the resource does not exist (HTTP 404).
	ErrNotFound = errors.New("providers: not found")
	// ErrMalformed: the answer is not what the provider documents (bad JSON, wrong shape, too
	// large). It is logged with its reason and skipped.
	ErrMalformed = errors.New("providers: malformed answer")
	// ErrQuotaExhausted: the provider's quota is used up until its reset; retried after it.
	ErrQuotaExhausted = errors.New("providers: quota exhausted")
	// ErrGaveUp: the request kept failing (network, 5xx, 429) after every retry.
	ErrGaveUp = errors.New("providers: request failed after retries")
)
