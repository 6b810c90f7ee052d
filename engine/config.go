package engine

import (
	"flag"
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"
	"time"
)

// Config holds every knob of a node. Each field is set, in increasing precedence, from its default,
// from its environment variable, and from its command-line flag. The README's configuration table
// lists exactly these fields (a test keeps them in step).
type Config struct {
	Env             string        `env:"COURTSIDE_ENV" flag:"env" default:"prod" usage:"dev (console logs, dev conveniences) or prod (JSON logs)"`
	LogLevel        string        `env:"COURTSIDE_LOG_LEVEL" flag:"log-level" default:"info" usage:"debug, info, warn or error"`
	HTTPAddr        string        `env:"COURTSIDE_HTTP_ADDR" flag:"http" default:":8080" usage:"REST API, web client, /metrics, /healthz, /readyz"`
	WSAddr          string        `env:"COURTSIDE_WS_ADDR" flag:"ws" default:":8081" usage:"WebSocket gateway (gnet)"`
	WSPublicURL     []string      `env:"COURTSIDE_WS_PUBLIC_URLS" flag:"ws-public-urls" default:"" usage:"comma-separated gateway URLs handed to clients; empty = ws://<page host>:<ws port>/ws"`
	Origins         []string      `env:"COURTSIDE_ALLOWED_ORIGINS" flag:"allowed-origins" default:"" usage:"comma-separated Origins allowed to open WebSockets besides the page's own host name (any port); * = any; other Origins get 403 before the upgrade"`
	DatabaseURL     string        `env:"DATABASE_URL" flag:"database-url" default:"" usage:"PostgreSQL connection string (required; make run starts a local one)"`
	DataDir         string        `env:"COURTSIDE_DATA_DIR" flag:"data-dir" default:"var/data" usage:"node-local data: the embedded chat history store"`
	WebDir          string        `env:"COURTSIDE_WEB_DIR" flag:"web-dir" default:"webclient/dist" usage:"built web client served at /"`
	MobileHost      string        `env:"COURTSIDE_MOBILE_HOST" flag:"mobile-host" default:"" usage:"origin of the mobile site (https://m.example.com) for every page's mobile alternate link; empty = this host, same path"`
	GeoIPPath       string        `env:"COURTSIDE_GEOIP_DB" flag:"geoip-db" default:"" usage:"optional MaxMind country .mmdb for language by IP"`
	Demo            bool          `env:"COURTSIDE_DEMO" flag:"demo" default:"false" usage:"seed demo rooms and data at start (make run sets it)"`
	DemoStreams     bool          `env:"COURTSIDE_DEMO_STREAMS" flag:"demo-streams" default:"true" usage:"with the demo: push a generated video into each demo room through the RTMP ingest (needs ffmpeg) and let a few demo fans watch, chat and gift"`
	Feed            string        `env:"COURTSIDE_FEED" flag:"feed" default:"" usage:"live scores source: simulator, apisports or pandascore (their COURTSIDE_FEED_* settings: actors/match/feed/providers/README.md), or load (load tests only: COURTSIDE_FEED_LOAD_MATCHES matches ticking once a second); empty = the simulator in demo mode, none otherwise"`
	FeedLoadMatches int           `env:"COURTSIDE_FEED_LOAD_MATCHES" flag:"feed-load-matches" default:"10000" usage:"with COURTSIDE_FEED=load: how many football matches in play, each changing once a second (the bench's scoreboard at scale)"`
	GCPercent       int           `env:"COURTSIDE_GC_PERCENT" flag:"gc-percent" default:"200" usage:"the Go collector's GOGC: how far the heap grows past what is live before a collection, in percent; collections are what delay deliveries on a busy node, so fewer of them keep its latency flat, for more memory (docs/operations.md); GOGC in the environment wins"`
	MemoryLimitMiB  int           `env:"COURTSIDE_MEMORY_LIMIT_MIB" flag:"memory-limit-mib" default:"0" usage:"soft limit of the node's Go memory (GOMEMLIMIT) in MiB: near it the collector runs as often as it must, whatever COURTSIDE_GC_PERCENT allows; 0 = half of the machine's memory, or of its cgroup's limit; GOMEMLIMIT in the environment wins"`
	Pprof           bool          `env:"COURTSIDE_PPROF" flag:"pprof" default:"false" usage:"serve /debug/pprof on the HTTP port"`
	AdminToken      string        `env:"COURTSIDE_ADMIN_TOKEN" flag:"admin-token" default:"" usage:"bearer token for /metrics and /debug/pprof; empty = open in dev, not served in prod"`
	HTTPPerIP       int           `env:"COURTSIDE_HTTP_MAX_CONNS_PER_IP" flag:"http-max-conns-per-ip" default:"256" usage:"most HTTP connections open from one client address (IPv6: one /64); more are closed at once; negative = no cap"`
	Shutdown        time.Duration `env:"COURTSIDE_SHUTDOWN_TIMEOUT" flag:"shutdown-timeout" default:"15s" usage:"how long a graceful stop may take: services still running after it are left behind and the node exits 1 (a cluster member gives its leave at most 5 s of it)"`
	ScyllaHosts     []string      `env:"SCYLLA_HOSTS" flag:"scylla-hosts" default:"" usage:"comma-separated ScyllaDB hosts; set = chat history in ScyllaDB instead of the embedded store"`
	BannedWords     string        `env:"COURTSIDE_BANNED_WORDS" flag:"banned-words" default:"" usage:"file with one banned pattern per line; empty = the built-in list"`
	TickMin         time.Duration `env:"COURTSIDE_CHAT_TICK_MIN" flag:"chat-tick-min" default:"100ms" usage:"least spacing of chat frames in a quiet room; a line that finds the room quiet goes out at once"`
	TickMax         time.Duration `env:"COURTSIDE_CHAT_TICK_MAX" flag:"chat-tick-max" default:"250ms" usage:"spacing of chat frames in a hot room (it widens with the chat rate from the min)"`
	FrameLines      int           `env:"COURTSIDE_CHAT_FRAME_LINES" flag:"chat-frame-lines" default:"40" usage:"most ordinary chat lines in one frame; more are sampled out (kept in history)"`
	RingSize        int           `env:"COURTSIDE_CHAT_RING" flag:"chat-ring" default:"2048" usage:"recent events each room keeps in memory for joins and resume"`
	PublicURL       string        `env:"COURTSIDE_PUBLIC_URL" flag:"public-url" default:"" usage:"the site's external base URL (payment providers' return and callback addresses); empty = the request's host"`
	RTMPAddr        string        `env:"COURTSIDE_RTMP_ADDR" flag:"rtmp" default:":1935" usage:"RTMP ingest for streamers' OBS"`
	RTMPPublic      string        `env:"COURTSIDE_RTMP_PUBLIC_URL" flag:"rtmp-public-url" default:"" usage:"RTMP server address shown in the OBS guide; empty = rtmp://<page host>:<rtmp port>/live"`
	MediaKey        string        `env:"COURTSIDE_MEDIA_SECRET" flag:"media-secret" default:"" usage:"HMAC key of signed playback URLs; the same on every node (empty = random per process)"`
	AccountKey      string        `env:"COURTSIDE_ACCOUNT_SECRET" flag:"account-secret" default:"" usage:"HMAC key of verification codes, OAuth state and bind tickets; the same on every node (empty = random per process)"`
	AppIOS          string        `env:"COURTSIDE_APP_IOS_URL" flag:"app-ios-url" default:"" usage:"App Store link of the download page; empty = not shown"`
	AppAndroid      string        `env:"COURTSIDE_APP_ANDROID_URL" flag:"app-android-url" default:"" usage:"Google Play link of the download page; empty = not shown"`
	AppAPK          string        `env:"COURTSIDE_APP_APK_URL" flag:"app-apk-url" default:"" usage:"direct APK link of the download page; empty = not shown"`
	AvatarDir       string        `env:"COURTSIDE_AVATAR_DIR" flag:"avatar-dir" default:"" usage:"where uploaded avatars are kept; empty = <data dir>/avatars"`
	VideoDir        string        `env:"COURTSIDE_VIDEO_DIR" flag:"video-dir" default:"" usage:"where videos and recordings of broadcasts are kept (HLS files); empty = <data dir>/videos"`
	VideoKeep       time.Duration `env:"COURTSIDE_RECORDING_RETENTION" flag:"recording-retention" default:"720h" usage:"how long recordings of broadcasts are kept before the sweep deletes them; 0 = forever"`
	FFmpeg          string        `env:"COURTSIDE_FFMPEG" flag:"ffmpeg" default:"ffmpeg" usage:"ffmpeg binary that transcodes uploaded videos (ffprobe beside it); - = none"`

	// Videos in an S3-compatible store (issue 22; api/videos/README.md): off unless the endpoint is set.
	VideoS3URL    string `env:"COURTSIDE_VIDEO_S3_ENDPOINT" flag:"video-s3-endpoint" default:"" usage:"URL of an S3-compatible store for finished videos and recordings (http://minio:9000, https://s3.eu-west-1.amazonaws.com); empty = the video dir"`
	VideoS3Bucket string `env:"COURTSIDE_VIDEO_S3_BUCKET" flag:"video-s3-bucket" default:"" usage:"bucket of the video store (created when missing)"`
	VideoS3Key    string `env:"COURTSIDE_VIDEO_S3_ACCESS_KEY" flag:"video-s3-access-key" default:"" usage:"access key of the video store"`
	VideoS3Secret string `env:"COURTSIDE_VIDEO_S3_SECRET_KEY" flag:"video-s3-secret-key" default:"" usage:"secret key of the video store"`
	VideoS3Region string `env:"COURTSIDE_VIDEO_S3_REGION" flag:"video-s3-region" default:"" usage:"region of the video store's bucket; empty = asked of the store"`
	VideoS3Path   bool   `env:"COURTSIDE_VIDEO_S3_PATH_STYLE" flag:"video-s3-path-style" default:"false" usage:"path-style bucket URLs (<endpoint>/<bucket>/…; MinIO and most self-hosted stores)"`
	VideoS3Prefix string `env:"COURTSIDE_VIDEO_S3_PREFIX" flag:"video-s3-prefix" default:"videos/" usage:"key prefix of the videos' objects in the bucket"`

	CodeResend  time.Duration `env:"COURTSIDE_CODE_RESEND" flag:"code-resend" default:"60s" usage:"wait between two verification codes to one address (spec: 60 s)"`
	SMTPAddr    string        `env:"COURTSIDE_SMTP_ADDR" flag:"smtp-addr" default:"" usage:"host:port of the SMTP submission server for e-mail codes; empty = codes go to the dev sink"`
	SMTPFrom    string        `env:"COURTSIDE_SMTP_FROM" flag:"smtp-from" default:"" usage:"sender address of code e-mails"`
	SMTPUser    string        `env:"COURTSIDE_SMTP_USER" flag:"smtp-user" default:"" usage:"SMTP user (AUTH PLAIN over TLS)"`
	SMTPPass    string        `env:"COURTSIDE_SMTP_PASSWORD" flag:"smtp-password" default:"" usage:"SMTP password"`
	OutboundMax int           `env:"COURTSIDE_WS_OUTBOUND_LIMIT" flag:"ws-outbound-limit" default:"262144" usage:"bytes queued per connection before ordinary chat is dropped for it"`
	MaxMessage  int           `env:"COURTSIDE_WS_MAX_MESSAGE" flag:"ws-max-message" default:"65536" usage:"largest client WebSocket message (bytes); larger closes with 1009"`
	WSPerIP     int           `env:"COURTSIDE_WS_MAX_CONNS_PER_IP" flag:"ws-max-conns-per-ip" default:"4096" usage:"most WebSocket connections from one client address (IPv6: one /64); more are answered 503; negative = no cap (behind a TCP load balancer every client has its address)"`
	WSMaxConns  int           `env:"COURTSIDE_WS_MAX_CONNS" flag:"ws-max-conns" default:"0" usage:"most WebSocket connections the node holds at once (the next is reset at accept); 0 = the process's file-descriptor limit less 1,024 kept for databases, history and logs"`
	WSCompress  bool          `env:"COURTSIDE_WS_COMPRESSION" flag:"ws-compression" default:"true" usage:"negotiate permessage-deflate with clients that offer it (no context takeover): each room frame is compressed once for all compressing subscribers; false = never compress"`
	// Cluster mode (issue 8): off unless COURTSIDE_ETCD_ENDPOINTS is set. See docs/operations.md.
	EtcdEndpoints  []string      `env:"COURTSIDE_ETCD_ENDPOINTS" flag:"etcd-endpoints" default:"" usage:"comma-separated etcd endpoints; set = cluster mode: rooms placed by identity across every node (needs REDIS_CLUSTER; chat history in Postgres unless SCYLLA_HOSTS)"`
	ClusterName    string        `env:"COURTSIDE_CLUSTER_NAME" flag:"cluster-name" default:"courtside" usage:"cluster mode: the cluster's name in etcd; nodes with the same name form one cluster"`
	ClusterAddr    string        `env:"COURTSIDE_CLUSTER_ADDR" flag:"cluster-addr" default:"127.0.0.1:0" usage:"cluster mode: host:port of actor remoting (gRPC), reachable by every other node; port 0 = any free port"`
	RedisCluster   []string      `env:"REDIS_CLUSTER" flag:"redis-cluster" default:"" usage:"cluster mode: comma-separated Redis Cluster seed nodes for platform-wide mutes shared by every node"`
	RelayHeartbeat time.Duration `env:"COURTSIDE_RELAY_HEARTBEAT" flag:"relay-heartbeat" default:"1s" usage:"cluster mode: how often each node's relay re-registers its viewers with their rooms (a room re-activated after a node died finds its relays again)"`
	NodeURL        string        `env:"COURTSIDE_NODE_URL" flag:"node-url" default:"" usage:"cluster mode: this node's own public HTTP base URL (http://host:port, unique per node), where viewers of the live streams it holds are sent; empty = http://localhost:<http port>"`
}

// Load builds a Config from defaults, the environment and args (without the program name).
func Load(args []string) (Config, error) {
	var cfg Config
	fs := flag.NewFlagSet("courtside", flag.ContinueOnError)
	v := reflect.ValueOf(&cfg).Elem()
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		raw := f.Tag.Get("default")
		if env, ok := os.LookupEnv(f.Tag.Get("env")); ok {
			raw = env
		}
		if err := setField(v.Field(i), raw); err != nil {
			return cfg, fmt.Errorf("config %s=%q: %w", f.Tag.Get("env"), raw, err)
		}
		fs.Func(f.Tag.Get("flag"), f.Tag.Get("usage")+" (env "+f.Tag.Get("env")+")", func(s string) error {
			return setField(v.Field(i), s)
		})
	}
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	return cfg, cfg.validate()
}

func (c Config) validate() error {
	switch {
	case c.Env != "dev" && c.Env != "prod":
		return fmt.Errorf("config: COURTSIDE_ENV must be dev or prod, not %q", c.Env)
	case c.Feed != "" && c.Feed != "simulator" && c.Feed != "apisports" && c.Feed != "pandascore" && c.Feed != "load" && c.Feed != "none":
		return fmt.Errorf("config: COURTSIDE_FEED must be simulator, apisports, pandascore, load or none, not %q", c.Feed)
	case c.Feed == "load" && c.FeedLoadMatches <= 0:
		return fmt.Errorf("config: COURTSIDE_FEED_LOAD_MATCHES must be positive, not %d", c.FeedLoadMatches)
	case c.TickMin <= 0 || c.TickMax < c.TickMin:
		return fmt.Errorf("config: chat ticks must satisfy 0 < min (%v) <= max (%v)", c.TickMin, c.TickMax)
	case c.GCPercent < 0 || c.MemoryLimitMiB < 0:
		return fmt.Errorf("config: COURTSIDE_GC_PERCENT and COURTSIDE_MEMORY_LIMIT_MIB must not be negative")
	case c.FrameLines < 1 || c.RingSize < 16:
		return fmt.Errorf("config: chat frame lines must be >= 1 and ring >= 16")
	case len(c.EtcdEndpoints) > 0 && len(c.RedisCluster) == 0:
		return fmt.Errorf("config: cluster mode (COURTSIDE_ETCD_ENDPOINTS) needs REDIS_CLUSTER for platform-wide mutes")
	case len(c.EtcdEndpoints) > 0 && c.RelayHeartbeat <= 0:
		return fmt.Errorf("config: COURTSIDE_RELAY_HEARTBEAT must be > 0 in cluster mode")
	}
	return nil
}

// ConfigField describes one knob, for documentation and `courtside -h`.
type ConfigField struct{ Env, Flag, Default, Usage string }

// ConfigFields lists every knob in declaration order.
func ConfigFields() []ConfigField {
	t := reflect.TypeOf(Config{})
	out := make([]ConfigField, 0, t.NumField())
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		out = append(out, ConfigField{f.Tag.Get("env"), f.Tag.Get("flag"), f.Tag.Get("default"), f.Tag.Get("usage")})
	}
	return out
}

func setField(v reflect.Value, raw string) error {
	switch v.Interface().(type) {
	case string:
		v.SetString(raw)
	case bool:
		b, err := strconv.ParseBool(raw)
		if err != nil {
			return err
		}
		v.SetBool(b)
	case int:
		n, err := strconv.Atoi(raw)
		if err != nil {
			return err
		}
		v.SetInt(int64(n))
	case time.Duration:
		d, err := time.ParseDuration(raw)
		if err != nil {
			return err
		}
		v.SetInt(int64(d))
	case []string:
		var list []string
		for _, s := range strings.Split(raw, ",") {
			if s = strings.TrimSpace(s); s != "" {
				list = append(list, s)
			}
		}
		v.Set(reflect.ValueOf(list))
	default:
		return fmt.Errorf("unsupported config type %s", v.Type())
	}
	return nil
}
