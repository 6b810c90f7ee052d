package account

import (
	"time"

	"go.uber.org/zap"

	"courtside/actors/ratelimit"
	"courtside/api/account/oauth"
)

// Config configures the accounts module. Zero values take the defaults in New; README.md lists
// every knob with a suggested environment name.
type Config struct {
	// SessionTTL is how long a session lives without use; each use slides it (at most once per
	// SessionRenewEvery). Default 30 days.
	SessionTTL time.Duration `json:"sessionTtl"`
	// SessionRenewEvery bounds the writes of sliding renewal. Default 1 hour.
	SessionRenewEvery time.Duration `json:"sessionRenewEvery"`
	// SessionCacheTTL is how long Deps.Sessions keeps a session (never past its expiry). Revocation
	// drops entries at once on every node; this bounds only what a revocation whose cache delete
	// failed (that call answers an error) leaves behind. Default 1 hour.
	SessionCacheTTL time.Duration `json:"sessionCacheTtl"`

	// CodeTTL is how long a verification code is valid. Default 10 minutes.
	CodeTTL time.Duration `json:"codeTtl"`
	// CodeResendInterval is the wait between two codes to one destination. Default 60 s.
	CodeResendInterval time.Duration `json:"codeResendInterval"`
	// CodeMaxAttempts wrong entries void a code. Default 5.
	CodeMaxAttempts int `json:"codeMaxAttempts"`
	// CodePerDestination and CodePerIP cap codes sent. Defaults 10/hour and 30/hour.
	CodePerDestination ratelimit.Limit `json:"codePerDestination"`
	CodePerIP          ratelimit.Limit `json:"codePerIp"`

	// LoginMaxFailures wrong passwords for one account from one source address lock that pair
	// (not the account elsewhere) for LoginLockout. Defaults 5 and 15 minutes.
	LoginMaxFailures int           `json:"loginMaxFailures"`
	LoginLockout     time.Duration `json:"loginLockout"`
	// IPMaxFailures wrong passwords from one IP within IPWindow lock that IP out of password
	// sign-in for LoginLockout. Defaults 20 in 15 minutes.
	IPMaxFailures int           `json:"ipMaxFailures"`
	IPWindow      time.Duration `json:"ipWindow"`
	// AccountMaxFailures wrong passwords for one account within IPWindow, from any addresses,
	// lock password sign-in to it for LoginLockout (code sign-in stays open). Default 50.
	AccountMaxFailures int `json:"accountMaxFailures"`

	// Secret keys the HMACs of codes, OAuth state and bind tickets. Every node of a cluster
	// needs the same one. Default: random per process (fine for one node; logged).
	Secret string `json:"-"`

	// Argon2 parameters. Defaults: 2 passes, 19 MiB, 1 lane (OWASP's argon2id minimum).
	Argon2Time    uint32 `json:"argon2Time"`
	Argon2MemoryK uint32 `json:"argon2MemoryKiB"`
	Argon2Threads uint8  `json:"argon2Threads"`
	// Argon2MemoryBudgetKiB bounds the memory of all argon2 work at once: each hash or check
	// takes its memory cost from it (19 MiB by default, so 256 MiB runs 13 at once). Default
	// 262144 (256 MiB).
	Argon2MemoryBudgetKiB int64 `json:"argon2MemoryBudgetKiB"`
	// Argon2QueueWait is how long password work waits for the budget before the call answers
	// "server busy" (6700). Default 2 s.
	Argon2QueueWait time.Duration `json:"argon2QueueWait"`

	// AvatarDir is where DiskAvatars keeps avatars when Deps.Avatars is nil. Default "var/avatars".
	AvatarDir string `json:"avatarDir"`
	// AvatarMaxBytes caps an upload. Default 3 MiB (spec §9). The api Server's MaxBodyBytes
	// must be larger, or the core answers 413 first.
	AvatarMaxBytes int64 `json:"avatarMaxBytes"`
	// AvatarSize is the side of the square stored avatar. Default 256.
	AvatarSize int `json:"avatarSize"`

	// Providers are the third-party sign-in clients by name: google, apple, line, twitter,
	// facebook. Empty endpoint fields take oauth.Defaults(); a provider without ClientID is off.
	Providers map[string]oauth.Config `json:"providers"`

	// DailyExperience is granted on the first sign-in or use of each UTC day. Default 10.
	DailyExperience int64 `json:"dailyExperience"`

	// Now is the clock. Default time.Now; tests move it.
	Now func() time.Time `json:"-"`
	// Logger. Default no-op.
	Logger *zap.Logger `json:"-"`
}

// Defaults.
const (
	DefaultSessionTTL            = 30 * 24 * time.Hour
	DefaultSessionRenewEvery     = time.Hour
	DefaultSessionCacheTTL       = time.Hour
	DefaultCodeTTL               = 10 * time.Minute
	DefaultCodeResendInterval    = 60 * time.Second
	DefaultCodeMaxAttempts       = 5
	DefaultLoginMaxFailures      = 5
	DefaultLoginLockout          = 15 * time.Minute
	DefaultIPMaxFailures         = 20
	DefaultIPWindow              = 15 * time.Minute
	DefaultAccountMaxFailures    = 50
	DefaultArgon2MemoryBudgetKiB = 256 << 10
	DefaultArgon2QueueWait       = 2 * time.Second
	DefaultAvatarDir             = "var/avatars"
	DefaultAvatarMaxBytes        = 3 << 20
	DefaultAvatarSize            = 256
	DefaultDailyExperience       = 10
)

var (
	DefaultCodePerDestination = ratelimit.Limit{Count: 10, Period: time.Hour}
	DefaultCodePerIP          = ratelimit.Limit{Count: 30, Period: time.Hour}
)

func (c *Config) fill() {
	set := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	set(&c.SessionTTL, DefaultSessionTTL)
	set(&c.SessionRenewEvery, DefaultSessionRenewEvery)
	set(&c.SessionCacheTTL, DefaultSessionCacheTTL)
	set(&c.CodeTTL, DefaultCodeTTL)
	set(&c.CodeResendInterval, DefaultCodeResendInterval)
	set(&c.LoginLockout, DefaultLoginLockout)
	set(&c.IPWindow, DefaultIPWindow)
	set(&c.Argon2QueueWait, DefaultArgon2QueueWait)
	if c.Argon2MemoryBudgetKiB <= 0 {
		c.Argon2MemoryBudgetKiB = DefaultArgon2MemoryBudgetKiB
	}
	if c.CodeMaxAttempts <= 0 {
		c.CodeMaxAttempts = DefaultCodeMaxAttempts
	}
	if c.CodePerDestination.Count <= 0 || c.CodePerDestination.Period <= 0 {
		c.CodePerDestination = DefaultCodePerDestination
	}
	if c.CodePerIP.Count <= 0 || c.CodePerIP.Period <= 0 {
		c.CodePerIP = DefaultCodePerIP
	}
	if c.LoginMaxFailures <= 0 {
		c.LoginMaxFailures = DefaultLoginMaxFailures
	}
	if c.AccountMaxFailures <= 0 {
		c.AccountMaxFailures = DefaultAccountMaxFailures
	}
	if c.IPMaxFailures <= 0 {
		c.IPMaxFailures = DefaultIPMaxFailures
	}
	if c.Argon2Time == 0 {
		c.Argon2Time = 2
	}
	if c.Argon2MemoryK == 0 {
		c.Argon2MemoryK = 19 * 1024
	}
	if c.Argon2Threads == 0 {
		c.Argon2Threads = 1
	}
	if c.AvatarDir == "" {
		c.AvatarDir = DefaultAvatarDir
	}
	if c.AvatarMaxBytes <= 0 {
		c.AvatarMaxBytes = DefaultAvatarMaxBytes
	}
	if c.AvatarSize <= 0 {
		c.AvatarSize = DefaultAvatarSize
	}
	if c.DailyExperience <= 0 {
		c.DailyExperience = DefaultDailyExperience
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = zap.NewNop()
	}
}
