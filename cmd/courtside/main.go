package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"syscall"

	"go.uber.org/zap"

	"courtside/engine"
)

const usage = `usage:
  courtside [flags]                          run a node (courtside -h lists the flags)
  courtside admin create NAME PASSWORD       create an administrator, or reset one's password
  courtside user create NAME PASSWORD [N]    create a plain user (or NAME1..NAMEN), or reset the password`

func main() {
	if len(os.Args) > 1 && os.Args[1] == "admin" {
		os.Exit(admin(os.Args[2:]))
	}
	if len(os.Args) > 1 && os.Args[1] == "user" {
		os.Exit(user(os.Args[2:]))
	}
	cfg, err := engine.Load(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "courtside:", err)
		os.Exit(2)
	}
	log, err := engine.NewLogger(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "courtside: logger:", err)
		os.Exit(2)
	}
	defer log.Sync() //nolint:errcheck
	engine.TuneCollector(cfg, log)
	engine.ShardProcessRegistry()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	node, err := engine.New(ctx, cfg, log)
	if err != nil {
		log.Fatal("cannot start", zap.Error(err))
	}
	if err := node.Run(ctx); err != nil {
		log.Fatal("stopped with an error", zap.Error(err))
	}
	log.Info("stopped cleanly")
}

func admin(args []string) int {
	if len(args) != 3 || args[0] != "create" {
		fmt.Fprintln(os.Stderr, usage)
		return 2
	}
	cfg, err := engine.Load(nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, "courtside:", err)
		return 2
	}
	uid, err := engine.CreateAdmin(context.Background(), cfg, args[1], args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, "courtside admin create:", err)
		return 1
	}
	fmt.Printf("administrator %s is %s\n", args[1], uid)
	return 0
}

// user is `courtside user create NAME PASSWORD [N]`: plain accounts (the load harness's chat
// senders sign in with them, since guests may not chat).
func user(args []string) int {
	if (len(args) != 3 && len(args) != 4) || args[0] != "create" {
		fmt.Fprintln(os.Stderr, usage)
		return 2
	}
	count := 0
	if len(args) == 4 {
		n, err := strconv.Atoi(args[3])
		if err != nil || n < 1 || n > 100000 {
			fmt.Fprintln(os.Stderr, "courtside user create: N must be a number from 1 to 100000")
			return 2
		}
		count = n
	}
	cfg, err := engine.Load(nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, "courtside:", err)
		return 2
	}
	uids, err := engine.CreateUsers(context.Background(), cfg, args[1], args[2], count)
	if err != nil {
		fmt.Fprintln(os.Stderr, "courtside user create:", err)
		return 1
	}
	fmt.Printf("%d users ready (%s…)\n", len(uids), uids[0])
	return 0
}
