// Package wsframe is the pure RFC 6455 frame layer of the Courtside gateway:
// an encoder for server frames and an incremental decoder for client frames.
//
// It knows nothing about sockets or event loops so that it can be fuzzed and
// tested on its own (go test -fuzz=FuzzParser ./gateway/wsframe).
//
// # Decoder
//
// A Decoder consumes bytes as they arrive, in pieces of any size (down to
// one byte at a time), and never waits for more input: Decoder.Next returns
// either one complete event (a message or a control frame) or "need more",
// having consumed and remembered everything it was given. The only bytes it
// keeps between calls are a partial frame header (at most 14 bytes), the
// payload of the control frame being read (at most 125 bytes) and the
// message being reassembled (at most MaxMessageSize bytes; the limit is
// checked against the length a header declares, before any payload is
// buffered).
//
// Protocol violations are reported as *CloseError values carrying the close
// code the server must send (1002, 1007 or 1009). Text messages are checked
// for UTF-8 as their bytes arrive, so invalid text fails in the call that
// received the offending byte, not at the end of the message. After its own
// close frame is sent (on an error or not), the server calls
// Decoder.Discard: the rest of the stream is read past without buffering
// until the peer's close frame.
//
// # Compression
//
// permessage-deflate (RFC 7692) without context takeover: EncodeCompressedFrame
// deflates one message on its own (the same bytes are valid on every
// connection), Inflate decompresses one message with a size limit, and a
// Decoder with Deflate set accepts RSV1 on the first frame of a data message
// and inflates the message when it is complete (UTF-8 is then checked on the
// inflated text). Compressors and decompressors are pooled and safe from any
// goroutine.
//
// # UTF-8
//
// UTF8Validator is the incremental validator the decoder uses; it knows
// nothing of frames, so a decompression layer can run it on inflated bytes.
//
// # Encoder
//
// AppendFrame and friends write unmasked server frames. Encoding is done once
// per frame, so the same bytes can be written to any number of sockets.
//
// # Concurrency
//
// A Decoder is not safe for concurrent use: it belongs to one connection and
// is driven by the goroutine that reads that connection (in the gateway, the
// connection's event loop). Payloads returned by Next alias the Decoder's
// buffers and are valid only until the next call to Next. The encoding
// functions are pure and safe from any goroutine.
package wsframe
