package api

import (
	"io"
	"os"
	"sync"
	"time"
)

// buildFile is a file the web client's build writes into the served directory (routes.json,
// preload.json), parsed once and read again when it changes: a new build while the node runs is
// picked up without a restart. A file that fails to parse keeps the last good value.
type buildFile[T any] struct {
	name  string
	parse func([]byte) (*T, error)

	mu  sync.Mutex
	val *T
	mod time.Time // the file's modification time when val was read
}

// get returns the parsed file of dir, or nil when there is none (an older build, or the
// development server).
func (b *buildFile[T]) get(dir string) *T {
	f, err := os.OpenInRoot(dir, b.name)
	if err != nil {
		return nil
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.val != nil && st.ModTime().Equal(b.mod) {
		return b.val
	}
	data, err := io.ReadAll(f)
	if err != nil {
		return b.val
	}
	v, err := b.parse(data)
	if err != nil {
		return b.val // keep the last good value; the web client's tests catch a bad file
	}
	b.val, b.mod = v, st.ModTime()
	return b.val
}
