package account

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// diskAvatars keeps avatars as files in one directory (created on first Put).
type diskAvatars struct{ dir string }

var _ AvatarStore = diskAvatars{}

// DiskAvatars is the local-disk AvatarStore rooted at dir.
func DiskAvatars(dir string) AvatarStore { return diskAvatars{dir: dir} }

func (d diskAvatars) path(name string) (string, error) {
	if !validAvatarName(name) {
		return "", ErrAvatarNotFound
	}
	return filepath.Join(d.dir, name), nil
}

// Put writes to a temporary file and renames it, so a reader never sees half an image.
func (d diskAvatars) Put(_ context.Context, name string, data []byte) error {
	p, err := d.path(name)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(d.dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(d.dir, ".upload-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Chmod(tmp, 0o644); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, p)
}

func (d diskAvatars) Get(_ context.Context, name string) ([]byte, error) {
	p, err := d.path(name)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrAvatarNotFound
	}
	return data, err
}

func (d diskAvatars) Delete(_ context.Context, name string) error {
	p, err := d.path(name)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}
