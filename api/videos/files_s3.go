package videos

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3 configures an S3-compatible object store (AWS S3, MinIO, Ceph RGW, R2, …) for the files of
// finished videos and recordings. An empty Endpoint keeps them on the node's disk.
type S3 struct {
	// Endpoint is the store's URL: https://s3.eu-west-1.amazonaws.com, http://minio:9000 (http: no TLS).
	Endpoint string `json:"endpoint"`
	// Bucket holds the files, under <Prefix><video id>/. It is created when missing (if allowed).
	Bucket string `json:"bucket"`
	// AccessKey and SecretKey sign the requests (AWS Signature V4).
	AccessKey string `json:"accessKey"`
	SecretKey string `json:"-"`
	// Region of the bucket; empty lets the client ask the store.
	Region string `json:"region"`
	// PathStyle addresses the bucket as <endpoint>/<bucket>/<key> (MinIO and most self-hosted stores)
	// instead of <bucket>.<endpoint>/<key>.
	PathStyle bool `json:"pathStyle"`
	// Prefix is put before every key. Default "videos/".
	Prefix string `json:"prefix"`
}

// Enabled reports whether an S3 store is configured.
func (c S3) Enabled() bool { return c.Endpoint != "" }

// s3Files keeps videos' files in a bucket, one object per file: <prefix><id>/<name>. They are served
// through the node (Service.OpenFile streams the object, with ranges), so players fetch the same
// URLs as on disk, the playlists' relative segment names resolve, and hidden or deleted videos stay
// private.
type s3Files struct {
	c      *minio.Client
	bucket string
	prefix string
}

// newS3Files builds the client; it fails on a malformed configuration, not on an unreachable store.
func newS3Files(c S3) (*s3Files, error) {
	u, err := url.Parse(c.Endpoint)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("videos: S3 endpoint %q is not an http(s) URL", c.Endpoint)
	}
	if c.Bucket == "" {
		return nil, errors.New("videos: S3 bucket is required")
	}
	lookup := minio.BucketLookupDNS
	if c.PathStyle {
		lookup = minio.BucketLookupPath
	}
	cl, err := minio.New(u.Host, &minio.Options{
		Creds:        credentials.NewStaticV4(c.AccessKey, c.SecretKey, ""),
		Secure:       u.Scheme == "https",
		Region:       c.Region,
		BucketLookup: lookup,
	})
	if err != nil {
		return nil, fmt.Errorf("videos: S3 client: %w", err)
	}
	prefix := c.Prefix
	if prefix == "" {
		prefix = "videos/"
	}
	if !strings.HasSuffix(prefix, "/") {
		prefix += "/"
	}
	return &s3Files{c: cl, bucket: c.Bucket, prefix: strings.TrimPrefix(prefix, "/")}, nil
}

// ensureBucket creates the bucket when it does not exist.
func (s *s3Files) ensureBucket(ctx context.Context, region string) error {
	ok, err := s.c.BucketExists(ctx, s.bucket)
	if err != nil {
		return err
	}
	if ok {
		return nil
	}
	return s.c.MakeBucket(ctx, s.bucket, minio.MakeBucketOptions{Region: region})
}

func (s *s3Files) key(id int64, name string) string { return s.prefix + itoa(id) + "/" + name }

func (s *s3Files) Local() bool { return false }

func (s *s3Files) Put(ctx context.Context, id int64, name, local string) error {
	opts := minio.PutObjectOptions{ContentType: contentType(name)}
	if strings.HasSuffix(name, ".m3u8") {
		opts.CacheControl = "public, max-age=60"
	} else {
		opts.CacheControl = "public, max-age=86400"
	}
	if _, err := s.c.FPutObject(ctx, s.bucket, s.key(id, name), local, opts); err != nil {
		return fmt.Errorf("videos: S3 put %s: %w", s.key(id, name), err)
	}
	return nil
}

func (s *s3Files) Open(ctx context.Context, id int64, name string) (File, error) {
	obj, err := s.c.GetObject(ctx, s.bucket, s.key(id, name), minio.GetObjectOptions{})
	if err != nil {
		return nil, err
	}
	st, err := obj.Stat()
	if err != nil {
		obj.Close()
		if minio.ToErrorResponse(err).Code == "NoSuchKey" || minio.ToErrorResponse(err).StatusCode == 404 {
			return nil, errNoFile
		}
		return nil, err
	}
	return s3File{obj, st.LastModified}, nil
}

// Remove deletes every object under the video's prefix.
func (s *s3Files) Remove(ctx context.Context, id int64) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	objs := s.c.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Prefix: s.prefix + itoa(id) + "/", Recursive: true})
	var listErr error
	keys := make(chan minio.ObjectInfo)
	go func() {
		defer close(keys)
		for o := range objs {
			if o.Err != nil {
				listErr = o.Err
				return
			}
			select {
			case keys <- o:
			case <-ctx.Done():
				return
			}
		}
	}()
	var err error
	for e := range s.c.RemoveObjects(ctx, s.bucket, keys, minio.RemoveObjectsOptions{}) {
		if err == nil {
			err = fmt.Errorf("videos: S3 delete %s: %w", e.ObjectName, e.Err)
		}
	}
	if err == nil {
		err = listErr
	}
	return err
}

type s3File struct {
	*minio.Object
	mod time.Time
}

func (f s3File) ModTime() time.Time { return f.mod }
