package errcode

// The system calls (api/system): 6650–6699 (decision 0004).
const (
	// PayloadKey: an encrypted payload names a key that has expired or never existed; the client
	// fetches a new key (GET /system/getPrivateKey) and sends the form again.
	PayloadKey Code = 6651
	// PayloadDecrypt: an encrypted payload does not decrypt (altered, or sealed with another key).
	// The details are logged only (spec §8); the answer says to try again.
	PayloadDecrypt Code = 6652
)

// The seal check of /jiami (issue 19, POST /system/sealCheck): 7850–7899 (decision 0004).
const (
	// SealCheckPlain: the check's payload arrived unsealed, so the browser could not seal it
	// (no WebCrypto outside a secure context, or no payload key).
	SealCheckPlain Code = 7850
)

func init() {
	define(map[Code]entry{
		PayloadKey:     {"system.payloadKey", KindInvalid, EdgeREST},
		PayloadDecrypt: {"system.payloadDecrypt", KindInvalid, EdgeREST},
		SealCheckPlain: {"system.sealCheckPlain", KindInvalid, EdgeREST},
	})
}
