package videos

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"go.uber.org/zap"
)

// fileStore keeps the files players fetch of finished videos (playlists, segments, posters) and
// serves them back. The node's disk (Config.Dir) is always the working area of uploads, transcodes
// and live recordings; when a video is finished its public files are put in the store (publish)
// and, when the store is not that disk, the working copy is removed. files_disk.go keeps them where
// they were written; files_s3.go in an S3-compatible bucket.
type fileStore interface {
	// Put stores video id's file name (slash-separated, a servable name) from the local file.
	Put(ctx context.Context, id int64, name, local string) error
	// Open opens one of video id's files; errNoFile when there is none.
	Open(ctx context.Context, id int64, name string) (File, error)
	// Remove deletes every file of video id (none is not an error).
	Remove(ctx context.Context, id int64) error
	// Local reports whether the store is the working area itself (nothing to copy or clean up).
	Local() bool
}

// File is one stored file opened for serving (http.ServeContent reads, seeks and ranges it).
type File interface {
	io.ReadSeekCloser
	ModTime() time.Time
}

var errNoFile = errors.New("videos: no such file")

// OpenFile opens one file of video id that players may fetch: master.m3u8, poster.jpg, or
// <rendition>/index.m3u8 and its .ts segments. Anything else (the source, the recording's segment
// list, a path that climbs) is not served.
func (s *Service) OpenFile(ctx context.Context, id int64, name string) (File, bool) {
	if !servable(name) {
		return nil, false
	}
	f, err := s.files.Open(ctx, id, name)
	if err != nil {
		return nil, false
	}
	return f, true
}

// servable reports whether name is a file players may fetch.
func servable(name string) bool {
	clean := path.Clean("/" + name)[1:]
	if clean != name || strings.Contains(name, "..") {
		return false
	}
	parts := strings.Split(clean, "/")
	switch {
	case len(parts) == 1 && (clean == "master.m3u8" || clean == "poster.jpg"):
		return true
	case len(parts) == 2 && validName(parts[0]) && (parts[1] == "index.m3u8" || strings.HasSuffix(parts[1], ".ts")) && validName(strings.TrimSuffix(parts[1], ".ts")):
		return true
	}
	return false
}

// publish puts every servable file of video id's working folder in the store: segments first,
// then the renditions' playlists, the master playlist last. Call it before the video is made ready
// (a failure fails the job, which is tried again from the working folder) and dropWork after.
func (s *Service) publish(ctx context.Context, id int64) error {
	if s.files.Local() {
		return nil
	}
	root := s.dir(id)
	var segs, lists []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		name := filepath.ToSlash(rel)
		switch {
		case !servable(name):
		case strings.HasSuffix(name, ".m3u8"):
			lists = append(lists, name)
		default:
			segs = append(segs, name)
		}
		return nil
	})
	if err != nil {
		return err
	}
	// master.m3u8 sorts before "<rendition>/index.m3u8" only by chance: put it last on purpose.
	for i, n := range lists {
		if n == "master.m3u8" {
			lists = append(append(lists[:i:i], lists[i+1:]...), n)
			break
		}
	}
	for _, name := range append(segs, lists...) {
		if err := s.files.Put(ctx, id, name, filepath.Join(root, filepath.FromSlash(name))); err != nil {
			return err
		}
	}
	return nil
}

// dropWork removes video id's working folder once its files are in a store off this disk.
func (s *Service) dropWork(id int64) {
	if s.files.Local() {
		return
	}
	if err := os.RemoveAll(s.dir(id)); err != nil {
		s.log.Warn("videos: removing a working folder", zap.Int64("video", id), zap.Error(err))
	}
}

// removeFiles deletes video id's stored files and its working folder.
func (s *Service) removeFiles(ctx context.Context, id int64) error {
	err := s.files.Remove(ctx, id)
	if !s.files.Local() {
		if e := os.RemoveAll(s.dir(id)); e != nil && err == nil {
			err = e
		}
	}
	return err
}

// hasFiles reports whether video id has a working folder on this node or stored files.
func (s *Service) hasFiles(ctx context.Context, id int64) bool {
	if _, err := os.Stat(s.dir(id)); err == nil {
		return true
	}
	if s.files.Local() {
		return false
	}
	f, err := s.files.Open(ctx, id, "master.m3u8")
	if err != nil {
		return false
	}
	f.Close()
	return true
}

func validName(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// contentType is the type a player expects of a video file.
func contentType(name string) string {
	switch path.Ext(name) {
	case ".m3u8":
		return "application/vnd.apple.mpegurl"
	case ".ts":
		return "video/mp2t"
	case ".jpg":
		return "image/jpeg"
	}
	return "application/octet-stream"
}
