package videos

import (
	"context"
	"errors"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// fakeS3 serves an in-memory S3 stand-in on loopback and returns the configuration of a bucket in it.
func fakeS3(t *testing.T) S3 {
	t.Helper()
	ts := httptest.NewServer(gofakes3.New(s3mem.New()).Server())
	t.Cleanup(ts.Close)
	return S3{Endpoint: ts.URL, Bucket: "courtside-videos", AccessKey: "test", SecretKey: "test-secret", Region: "us-east-1", PathStyle: true}
}

// TestFileStores runs the same conformance test over the disk store and the S3 store.
func TestFileStores(t *testing.T) {
	t.Parallel()
	t.Run("disk", func(t *testing.T) {
		t.Parallel()
		testFileStore(t, diskFiles{t.TempDir()})
	})
	t.Run("s3", func(t *testing.T) {
		t.Parallel()
		cfg := fakeS3(t)
		fs, err := newS3Files(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if err := fs.ensureBucket(context.Background(), cfg.Region); err != nil {
			t.Fatal(err)
		}
		if err := fs.ensureBucket(context.Background(), cfg.Region); err != nil {
			t.Fatalf("an existing bucket: %v", err)
		}
		testFileStore(t, fs)
	})
}

func testFileStore(t *testing.T, fs fileStore) {
	ctx := context.Background()
	src := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(src, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	read := func(id int64, name string) (string, error) {
		f, err := fs.Open(ctx, id, name)
		if err != nil {
			return "", err
		}
		defer f.Close()
		if f.ModTime().IsZero() {
			t.Fatalf("%d/%s has no modification time", id, name)
		}
		b, err := io.ReadAll(f)
		return string(b), err
	}

	if _, err := fs.Open(ctx, 7, "master.m3u8"); !errors.Is(err, errNoFile) {
		t.Fatalf("a missing file: %v, want errNoFile", err)
	}
	if err := fs.Remove(ctx, 7); err != nil {
		t.Fatalf("removing a video without files: %v", err)
	}
	files := map[string]string{
		"master.m3u8":       "#EXTM3U\n360p/index.m3u8\n",
		"360p/index.m3u8":   "#EXTM3U\nseg_000.ts\n#EXT-X-ENDLIST\n",
		"360p/seg_000.ts":   "GSEGMENT-ZERO-0123456789",
		"poster.jpg":        "\xff\xd8\xffJPEG",
		"source/index.m3u8": "#EXTM3U\n0.ts\n",
	}
	i := 0
	for name, body := range files {
		i++
		if err := fs.Put(ctx, 7, name, write("f"+itoa(int64(i)), body)); err != nil {
			t.Fatalf("put %s: %v", name, err)
		}
	}
	if err := fs.Put(ctx, 8, "master.m3u8", write("other", "#EXTM3U other\n")); err != nil {
		t.Fatal(err)
	}
	for name, body := range files {
		if got, err := read(7, name); err != nil || got != body {
			t.Fatalf("%s: %q %v, want %q", name, got, err, body)
		}
	}
	// Seeking (ranges): the end, then a middle part.
	f, err := fs.Open(ctx, 7, "360p/seg_000.ts")
	if err != nil {
		t.Fatal(err)
	}
	if n, err := f.Seek(0, io.SeekEnd); err != nil || n != int64(len(files["360p/seg_000.ts"])) {
		t.Fatalf("seek to the end: %d %v", n, err)
	}
	if _, err := f.Seek(9, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	part := make([]byte, 4)
	if _, err := io.ReadFull(f, part); err != nil || string(part) != "ZERO" {
		t.Fatalf("read after seek: %q %v", part, err)
	}
	f.Close()
	// Put again replaces.
	if err := fs.Put(ctx, 7, "master.m3u8", write("again", "#EXTM3U v2\n")); err != nil {
		t.Fatal(err)
	}
	if got, _ := read(7, "master.m3u8"); got != "#EXTM3U v2\n" {
		t.Fatalf("after a second put: %q", got)
	}
	// Remove takes every file of the video and no other video's.
	if err := fs.Remove(ctx, 7); err != nil {
		t.Fatal(err)
	}
	for name := range files {
		if _, err := fs.Open(ctx, 7, name); !errors.Is(err, errNoFile) {
			t.Fatalf("%s after remove: %v", name, err)
		}
	}
	if got, err := read(8, "master.m3u8"); err != nil || got != "#EXTM3U other\n" {
		t.Fatalf("another video's file after remove: %q %v", got, err)
	}
}

func TestS3ConfigChecked(t *testing.T) {
	t.Parallel()
	for _, c := range []S3{{Endpoint: "minio:9000", Bucket: "b"}, {Endpoint: "ftp://x", Bucket: "b"}, {Endpoint: "http://x"}} {
		if _, err := newS3Files(c); err == nil {
			t.Fatalf("%+v accepted", c)
		}
	}
	fs, err := newS3Files(S3{Endpoint: "https://s3.example.com", Bucket: "b", Prefix: "site/vids"})
	if err != nil || fs.key(12, "360p/index.m3u8") != "site/vids/12/360p/index.m3u8" {
		t.Fatalf("key with a prefix: %v", err)
	}
}
