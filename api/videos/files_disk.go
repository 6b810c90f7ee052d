package videos

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// diskFiles keeps videos' files on this node's disk, in <root>/<id>/ (the working area itself).
type diskFiles struct{ root string }

func (d diskFiles) path(id int64, name string) string {
	return filepath.Join(d.root, itoa(id), filepath.FromSlash(name))
}

func (d diskFiles) Local() bool { return true }

// Put copies local to its place unless it is there already.
func (d diskFiles) Put(_ context.Context, id int64, name, local string) error {
	dst := d.path(id, name)
	if filepath.Clean(local) == dst {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	in, err := os.Open(local)
	if err != nil {
		return err
	}
	defer in.Close()
	tmp := dst + ".part"
	out, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, dst)
}

func (d diskFiles) Open(_ context.Context, id int64, name string) (File, error) {
	f, err := os.Open(d.path(id, name))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errNoFile
	}
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil || st.IsDir() {
		f.Close()
		return nil, errNoFile
	}
	return diskFile{f, st.ModTime()}, nil
}

func (d diskFiles) Remove(_ context.Context, id int64) error {
	return os.RemoveAll(filepath.Join(d.root, itoa(id)))
}

type diskFile struct {
	*os.File
	mod time.Time
}

func (f diskFile) ModTime() time.Time { return f.mod }
