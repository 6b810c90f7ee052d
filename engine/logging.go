package engine

import (
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// NewLogger builds the node's logger: JSON lines in production, coloured console lines in dev.
func NewLogger(cfg Config) (*zap.Logger, error) {
	level, err := zapcore.ParseLevel(cfg.LogLevel)
	if err != nil {
		return nil, err
	}
	var zc zap.Config
	if cfg.Env == "dev" {
		zc = zap.NewDevelopmentConfig()
		zc.EncoderConfig.EncodeLevel = zapcore.CapitalColorLevelEncoder
		zc.DisableStacktrace = true
	} else {
		zc = zap.NewProductionConfig()
		zc.EncoderConfig.TimeKey = "ts"
		zc.EncoderConfig.EncodeTime = zapcore.ISO8601TimeEncoder
	}
	zc.Level = zap.NewAtomicLevelAt(level)
	return zc.Build()
}
