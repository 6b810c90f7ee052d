package client

import "errors"

// Sentinel errors passed to Handler.Closed.
var (
	// ErrHandshake: the server did not answer the upgrade with 101.
	ErrHandshake = errors.New("client: websocket upgrade refused")
	// ErrProtocol: the server sent a frame this client cannot accept (masked, bad length, bad control frame).
	ErrProtocol = errors.New("client: websocket protocol error")
	// ErrTooLarge: a server message exceeded Config.MaxMessage.
	ErrTooLarge = errors.New("client: server message too large")
	// ErrEOF: TCP ended without a close frame (close code 1006).
	ErrEOF = errors.New("client: connection ended without a close frame")
	// ErrAborted: Abort was called.
	ErrAborted = errors.New("client: aborted")
	// ErrStopped: the loop stopped while the connection was open.
	ErrStopped = errors.New("client: loop stopped")
)
