package videos

import (
	"context"
	"strings"

	"github.com/minio/minio-go/v7"
)

// ParseProgress exposes parseProgress to the tests.
var ParseProgress = parseProgress

// FakeS3 exposes fakeS3 (an S3 stand-in on loopback) to the tests.
var FakeS3 = fakeS3

// StoredNames lists the names of video id's objects in the Service's S3 store.
func StoredNames(t interface{ Fatal(...any) }, s *Service, id int64) []string {
	fs, ok := s.files.(*s3Files)
	if !ok {
		t.Fatal("the store is not S3")
	}
	var out []string
	p := fs.prefix + itoa(id) + "/"
	for o := range fs.c.ListObjects(context.Background(), fs.bucket, minio.ListObjectsOptions{Prefix: p, Recursive: true}) {
		if o.Err != nil {
			t.Fatal(o.Err)
		}
		out = append(out, strings.TrimPrefix(o.Key, p))
	}
	return out
}
