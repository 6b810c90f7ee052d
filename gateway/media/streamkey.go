package media

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
)

// StreamKeyPrefix starts every stream key, so a key pasted in the wrong place is recognisable.
const StreamKeyPrefix = "cs_"

// NewStreamKey returns a fresh random stream key (shown to the streamer once) and the hash to store.
// The key carries 160 random bits, so a fast hash is enough: nothing can be guessed offline.
func NewStreamKey() (key string, hash []byte) {
	key = StreamKeyPrefix + hex.EncodeToString(randomBytes(20))
	return key, HashStreamKey(key)
}

// HashStreamKey is what is stored and looked up for a stream key.
func HashStreamKey(key string) []byte {
	h := sha256.Sum256([]byte(key))
	return h[:]
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("media: crypto/rand failed: " + err.Error())
	}
	return b
}
