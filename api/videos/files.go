package videos

import (
	"os"
	"path"
	"path/filepath"
	"strings"
)

// OpenFile opens one file of video id's folder that players may fetch: master.m3u8, poster.jpg, or
// <rendition>/index.m3u8 and its .ts segments. Anything else (the source, the recording's segment
// list, a path that climbs) is not served.
func (s *Service) OpenFile(id int64, name string) (*os.File, bool) {
	clean := path.Clean("/" + name)[1:]
	if clean != name || strings.Contains(name, "..") {
		return nil, false
	}
	parts := strings.Split(clean, "/")
	switch {
	case len(parts) == 1 && (clean == "master.m3u8" || clean == "poster.jpg"):
	case len(parts) == 2 && validName(parts[0]) && (parts[1] == "index.m3u8" || strings.HasSuffix(parts[1], ".ts")) && validName(strings.TrimSuffix(parts[1], ".ts")):
	default:
		return nil, false
	}
	f, err := os.Open(filepath.Join(s.dir(id), filepath.FromSlash(clean)))
	if err != nil {
		return nil, false
	}
	return f, true
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
