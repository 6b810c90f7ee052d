package gateway

import "errors"

// Sentinel errors returned by the gateway.
var (
	// ErrAlreadyRunning: Server.Run was called a second time.
	ErrAlreadyRunning = errors.New("gateway: server already running")
	// ErrStartFailed wraps why gnet could not start (listen address in use, ...).
	ErrStartFailed = errors.New("gateway: engine failed to start")
)
