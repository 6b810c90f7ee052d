package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// senderName and senderPassword are the users the harness makes for its chat senders.
const (
	senderName     = "benchsender"
	senderPassword = "bench2026send"
)

// senderTokens returns n session tokens of signed-in users for the chat senders (guests may not
// chat, spec §6): the first n lines of -sender-tokens, else users benchsender1..benchsenderN made
// in the database of a node on this machine (`courtside user create`) and signed in over REST. The
// tokens are kept for the next scenarios.
func (e *env) senderTokens(n int) ([]string, error) {
	if len(e.tokens) >= n {
		return e.tokens[:n], nil
	}
	if e.cfg.SenderTokens != "" {
		toks, err := readTokens(e.cfg.SenderTokens)
		if err != nil {
			return nil, err
		}
		if len(toks) < n {
			return nil, fmt.Errorf("%s holds %d tokens, %d needed", e.cfg.SenderTokens, len(toks), n)
		}
		e.tokens = toks
		return toks[:n], nil
	}
	if len(e.http) == 0 || e.node == nil && len(e.tg.sources) == 0 {
		return nil, errors.New("no node on this machine to create users in")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	root, err := repoRoot()
	if err != nil {
		return nil, err
	}
	bin, err := nodeBinary(ctx, e.cfg, root)
	if err != nil {
		return nil, err
	}
	db, err := databaseURL(ctx, root)
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, bin, "user", "create", senderName, senderPassword, fmt.Sprint(n))
	cmd.Env = append(os.Environ(), "DATABASE_URL="+db)
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("courtside user create: %v: %s", err, strings.TrimSpace(string(out)))
	}
	toks, err := signInAll(e.http, n)
	if err != nil {
		return nil, err
	}
	progress("chat senders: signed in %d users %s1..%s%d", n, senderName, senderName, n)
	e.tokens = toks
	return toks, nil
}

// signInAll signs benchsender1..n in, a few at a time, spread over the nodes' HTTP bases.
func signInAll(bases []string, n int) ([]string, error) {
	toks := make([]string, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				toks[i], errs[i] = signIn(bases[i%len(bases)], fmt.Sprintf("%s%d", senderName, i+1), senderPassword)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("%s%d: %w", senderName, i+1, err)
		}
	}
	return toks, nil
}

// readTokens reads one token a line, blank lines and # comments skipped.
func readTokens(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out, sc.Err()
}
