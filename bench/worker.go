package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"hash/maphash"
	"math/rand/v2"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	jsoniter "github.com/json-iterator/go"

	"courtside/bench/check"
	"courtside/bench/client"
	"courtside/bench/hdr"
)

var fastJSON = jsoniter.ConfigFastest

// peer is one client connection of a worker and what it has seen.
type peer struct {
	g        *group
	token    string   // the session token of the auth frame ("" = guest)
	topics   []string // score topics it subscribes to (none: a room, or idle)
	room     string
	sender   int // fleet-wide sender index, -1 for a pure receiver
	target   int
	conn     *client.Conn
	rcv      *check.Receiver
	uid      string
	n        uint64
	sends    int
	next     time.Time
	attempts int

	opened, joined, pending, lost, failed bool
	dropping, resuming                    bool
}

// worker is one worker process's state; every method runs on the loop goroutine.
type worker struct {
	p       plan
	loop    *client.Loop
	chk     *check.Checker
	peers   []*peer
	senders []*peer
	queue   []*peer
	targets []netip.AddrPort
	hosts   []string
	sources []netip.Addr
	nextSrc int

	pending, open, joinedN, failedN int
	sending, finishing, measuring   bool
	connectStart, dropAt, finishAt  time.Time
	connectedSent, storm            bool
	resumeWant, resumed             int
	lastPace                        time.Time

	hist, prio                             *hdr.Histogram
	kinds                                  map[string]*kindTotal // scoreboard: per kind of subscriber
	delivered, sent, acked, frames, scores uint64
	errors, closes, refused                map[string]uint64
	connFailures                           uint64
	priority                               []roomSeq
	cache                                  map[uint64]*cachedFrame
	seed                                   maphash.Seed
	out                                    chan<- workerMsg
}

type cachedFrame struct {
	raw     []byte
	room    string
	sampled int
	evs     []check.Event
	sentNs  []int64 // harness send time of each event (0: not a harness line)
	tsNs    []int64 // server timestamp of priority events (0: ordinary)
}

func newWorker(p plan, out chan<- workerMsg) (*worker, error) {
	w := &worker{p: p, chk: check.New(p.Senders), hist: hdr.New(), prio: hdr.New(), out: out,
		errors: map[string]uint64{}, closes: map[string]uint64{}, refused: map[string]uint64{}, kinds: map[string]*kindTotal{},
		cache: map[uint64]*cachedFrame{}, seed: maphash.MakeSeed()}
	for _, t := range p.Targets {
		ap, err := netip.ParseAddrPort(t)
		if err != nil {
			return nil, fmt.Errorf("target %q: %w", t, err)
		}
		w.targets, w.hosts = append(w.targets, ap), append(w.hosts, t)
	}
	for _, s := range p.Sources {
		a, err := netip.ParseAddr(s)
		if err != nil {
			return nil, fmt.Errorf("source %q: %w", s, err)
		}
		w.sources = append(w.sources, a)
	}
	for gi := range p.Groups {
		g := &p.Groups[gi]
		for j := 0; j < g.Count; j++ {
			pr := &peer{g: g, sender: -1, target: (len(w.peers) + p.Worker) % len(w.targets), token: g.Token}
			if j < len(g.Tokens) {
				pr.token = g.Tokens[j]
			}
			pr.topics = g.Topics
			if j < len(g.PerConn) {
				pr.topics = g.PerConn[j : j+1]
			}
			if len(g.Rooms) > 0 {
				pr.room = g.Rooms[j%len(g.Rooms)]
				if g.Check {
					pr.rcv = w.chk.Receiver(pr.room)
				}
			}
			if g.SenderBase >= 0 {
				pr.sender = g.SenderBase + j
				w.senders = append(w.senders, pr)
			}
			w.peers = append(w.peers, pr)
		}
	}
	return w, nil
}

// runWorker is `bench worker`: read the plan, hold the connections, obey commands until finish.
func runWorker() error {
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	dec := json.NewDecoder(in)
	var p plan
	if err := dec.Decode(&p); err != nil {
		return fmt.Errorf("worker plan: %w", err)
	}
	out := make(chan workerMsg, 4096)
	w, err := newWorker(p, out)
	if err != nil {
		return err
	}
	if w.loop, err = client.New(client.Config{ConnectTimeout: 20 * time.Second, Compress: p.Compress}, w); err != nil {
		return err
	}
	written := make(chan struct{})
	go func() { // the only writer of stdout
		defer close(written)
		bw := bufio.NewWriterSize(os.Stdout, 1<<16)
		enc := json.NewEncoder(bw)
		for r := range out {
			r.Worker = p.Worker
			enc.Encode(&r) //nolint:errcheck // the coordinator going away ends us through stdin
			if len(out) == 0 {
				bw.Flush()
			}
		}
		bw.Flush()
	}()
	go func() { // the only reader of stdin
		for {
			var c command
			if err := dec.Decode(&c); err != nil {
				w.loop.Stop() // the coordinator is gone
				return
			}
			w.loop.Post(func() { w.command(c) })
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		pace, tick := time.NewTicker(10*time.Millisecond), time.NewTicker(time.Second)
		defer pace.Stop()
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-pace.C:
				w.loop.Post(w.pace)
			case <-tick.C:
				w.loop.Post(w.tick)
			}
		}
	}()
	err = w.loop.Run(ctx)
	cancel()
	close(out)
	<-written
	return err
}

func (w *worker) emit(r workerMsg) {
	if r.Ev != "tick" {
		w.out <- r // answers to commands must arrive
		return
	}
	select {
	case w.out <- r:
	default:
		// The coordinator reads continuously; a full channel means it is stuck, and blocking the
		// loop would stall every socket. Drop the line rather than the measurement.
	}
}

func (w *worker) command(c command) {
	now := time.Now()
	switch c.Cmd {
	case "connect":
		w.connectStart, w.lastPace = now, now
		w.queue = append(w.queue, w.peers...)
		w.checkConnected()
	case "send":
		w.sending = true
		for _, p := range w.senders {
			iv := time.Duration(float64(time.Second) / p.g.Rate)
			p.next = now.Add(time.Duration(rand.Int64N(int64(iv))))
		}
	case "measure":
		w.tick() // what came before belongs to the warm-up
		w.measuring = true
	case "stop":
		w.sending = false
		w.emit(workerMsg{Ev: "stopped", Priority: w.priority})
	case "drop":
		w.storm, w.dropAt, w.resumed, w.resumeWant = true, now, 0, 0
		if c.Rate > 0 {
			w.p.ConnectRate = c.Rate
		}
		if c.Pending > 0 {
			w.p.MaxPending = c.Pending
		}
		for _, p := range w.peers {
			if p.conn != nil && p.joined {
				w.resumeWant++
				p.dropping = true
				p.conn.Abort()
			}
		}
		if w.resumeWant == 0 {
			w.emit(workerMsg{Ev: "resumed", Failed: w.failedN, Open: w.open, Joined: w.joinedN})
		}
	case "churn":
		// Listeners (not senders) leave without a close frame and join again with since, like
		// viewers who close a tab and come back: the room's joins and leaves under a steady load.
		for _, p := range w.peers {
			if p.conn != nil && p.joined && p.sender < 0 && rand.Float64() < c.Share {
				p.dropping = true
				p.conn.Abort()
			}
		}
	case "acked":
		for _, m := range c.Mutes {
			w.chk.MuteAcked(m.Room, m.UID, m.Seq)
		}
		for _, s := range c.Priority {
			w.chk.PriorityAcked(s.Room, s.Seq)
		}
	case "finish":
		w.tick()
		res := w.chk.Result()
		var ru syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru) //nolint:errcheck
		cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
		w.emit(workerMsg{Ev: "final", Check: &res, Errors: w.errors, Closes: w.closes, ConnFailures: w.connFailures, CPUS: cpu})
		w.sending, w.finishing, w.finishAt = false, true, now
		w.queue = nil
		for _, p := range w.peers {
			if p.conn != nil {
				p.conn.Close(1000)
			}
		}
	}
}

// pace dials queued connections at the planned rate and sends the chat lines that are due.
func (w *worker) pace() {
	now := time.Now()
	if w.finishing {
		if w.loop.Len() == 0 || now.Sub(w.finishAt) > 3*time.Second {
			w.loop.Stop()
		}
		return
	}
	budget := int(float64(w.p.ConnectRate)*now.Sub(w.lastPace).Seconds()) + 1
	w.lastPace = now
	for len(w.queue) > 0 && budget > 0 && w.pending < w.p.MaxPending {
		p := w.queue[0]
		w.queue = w.queue[1:]
		budget--
		w.dial(p)
	}
	if !w.sending {
		return
	}
	for _, p := range w.senders {
		if !p.joined || p.conn == nil {
			continue
		}
		iv := time.Duration(float64(time.Second) / p.g.Rate)
		if now.Sub(p.next) > 2*iv {
			p.next = now // it was away: do not burst through the rate limit to catch up
		}
		for !now.Before(p.next) {
			p.next = p.next.Add(iv)
			w.send(p, now)
		}
	}
}

func (w *worker) send(p *peer, now time.Time) {
	p.sends++
	var b []byte
	if p.g.GiftEvery > 0 && p.sends%p.g.GiftEvery == 0 {
		b = fmt.Appendf(nil, `{"t":"gift","room":"%s","gift":"1","count":1,"nonce":"g%d-%d"}`, p.room, p.sender, p.sends)
	} else {
		p.n++
		b = fmt.Appendf(nil, `{"t":"chat","room":"%s","text":"%s","nonce":"s%d-%d"}`, p.room, check.FormatLine(p.sender, p.n, now.UnixNano()), p.sender, p.n)
	}
	if p.conn.Send(b) {
		w.sent++
	}
}

func (w *worker) dial(p *peer) {
	src := netip.Addr{}
	if len(w.sources) > 0 {
		src = w.sources[w.nextSrc%len(w.sources)]
		w.nextSrc++
	}
	p.attempts++
	c, err := w.loop.Dial(src, w.targets[p.target], w.hosts[p.target], w.p.Path, p)
	if err != nil {
		w.connFailures++
		w.errors["dial: "+shortErr(err)]++
		w.retryOrFail(p)
		return
	}
	p.conn, p.pending = c, true
	w.pending++
}

func (w *worker) retryOrFail(p *peer) {
	if p.attempts < 3 && !w.finishing {
		w.queue = append(w.queue, p)
		return
	}
	w.settle(p, false)
}

// settle ends a peer's connecting phase, joined or failed.
func (w *worker) settle(p *peer, ok bool) {
	if p.pending {
		p.pending = false
		w.pending--
	}
	if ok {
		p.joined = true
		w.joinedN++
	} else if !p.failed {
		p.failed = true
		w.failedN++
		if p.rcv != nil {
			p.rcv.Lost()
		}
	}
	w.checkConnected()
	if p.resuming {
		p.resuming = false
		w.resumed++
		if w.resumed == w.resumeWant {
			w.emit(workerMsg{Ev: "resumed", Secs: time.Since(w.dropAt).Seconds(), Failed: w.failedN, Open: w.open, Joined: w.joinedN})
		}
	}
}

func (w *worker) checkConnected() {
	if w.connectedSent || w.joinedN+w.failedN < len(w.peers) {
		return
	}
	w.connectedSent = true
	senders := map[int]string{}
	for _, p := range w.senders {
		senders[p.sender] = p.uid
	}
	w.emit(workerMsg{Ev: "connected", Secs: time.Since(w.connectStart).Seconds(), Failed: w.failedN, Open: w.open,
		Joined: w.joinedN, Senders: senders, Refused: w.refused})
}

// Open implements client.Handler: authenticate as soon as the upgrade is done.
func (w *worker) Open(c *client.Conn) {
	p := c.User.(*peer)
	p.opened = true
	w.open++
	c.Send(fmt.Appendf(nil, `{"t":"auth","token":%q,"lan":"en_US"}`, p.token))
}

// Closed implements client.Handler.
func (w *worker) Closed(c *client.Conn, code int, err error) {
	p := c.User.(*peer)
	p.conn = nil
	if p.opened {
		p.opened = false
		w.open--
	}
	switch {
	case p.dropping:
		p.dropping, p.resuming, p.joined, p.attempts = false, true, false, 0
		w.joinedN--
		w.queue = append(w.queue, p)
		return
	case w.finishing:
		return
	}
	w.closes[strconv.Itoa(code)]++
	if p.pending { // never got as far as joined
		w.connFailures++
		if err != nil {
			w.errors["connect: "+shortErr(err)]++
		}
		w.retryOrFail(p)
		return
	}
	// An established connection the server closed: it is owed nothing more.
	p.lost = true
	if p.rcv != nil {
		p.rcv.Lost()
	}
}

type inMsg struct {
	T     string `json:"t"`
	Room  string `json:"room"`
	Seq   uint64 `json:"seq"`
	Gap   bool   `json:"gap"`
	Nonce string `json:"nonce"`
	Code  int    `json:"code"`
	Key   string `json:"key"`
	User  struct {
		ID string `json:"id"`
	} `json:"user"`
}

type inBatch struct {
	Room    string `json:"room"`
	Sampled int    `json:"sampled"`
	Ev      []struct {
		Seq  uint64 `json:"seq"`
		K    string `json:"k"`
		TS   int64  `json:"ts"`
		UID  string `json:"uid"`
		Text string `json:"text"`
	} `json:"ev"`
}

var (
	batchPrefix  = []byte(`{"t":"batch"`)
	scoresPrefix = []byte(`{"t":"score`) // both `scores` (a game's scoreboard) and `score` (one match)
)

// inScores is a `scores` frame (deltas by match) or a `score` frame (one match's delta).
type inScores struct {
	Deltas map[string]struct {
		TS int64 `json:"ts"`
	} `json:"deltas"`
	Delta *struct {
		TS int64 `json:"ts"`
	} `json:"delta"`
}

// Message implements client.Handler.
func (w *worker) Message(c *client.Conn, data []byte) {
	p := c.User.(*peer)
	if bytes.HasPrefix(data, batchPrefix) {
		w.frames++
		if p.rcv == nil {
			return
		}
		f := w.batch(data)
		if f == nil || f.room != p.room {
			return
		}
		now := time.Now().UnixNano()
		for i := range f.evs {
			if !p.rcv.Live(f.evs[i].Seq) {
				continue // history carried by the join
			}
			if f.evs[i].Kind == check.KindChat {
				w.delivered++
			}
			if f.sentNs[i] != 0 {
				w.hist.Record(now - f.sentNs[i])
			} else if f.tsNs[i] != 0 {
				w.prio.Record(now - f.tsNs[i])
			}
		}
		p.rcv.Batch(f.sampled, f.evs)
		return
	}
	if bytes.HasPrefix(data, scoresPrefix) {
		w.frames++
		if f := w.scoreFrame(data); f != nil {
			now := time.Now().UnixNano()
			var kt *kindTotal
			if k := p.g.Kind; k != "" {
				if kt = w.kinds[k]; kt == nil {
					kt = &kindTotal{hist: hdr.New()}
					w.kinds[k] = kt
				}
				kt.delivered += uint64(len(f.tsNs))
			}
			for _, ts := range f.tsNs {
				if ts != 0 {
					w.hist.Record(now - ts)
					if kt != nil {
						kt.hist.Record(now - ts)
					}
				}
			}
			w.scores += uint64(len(f.tsNs))
			w.delivered += uint64(len(f.tsNs))
		}
		return
	}
	var m inMsg
	if err := fastJSON.Unmarshal(data, &m); err != nil {
		w.errors["bad frame"]++
		return
	}
	switch m.T {
	case "welcome":
		p.uid = m.User.ID
		switch {
		case len(p.topics) > 0:
			for _, t := range p.topics {
				c.Send(fmt.Appendf(nil, `{"t":"sub","topic":%q,"nonce":"sub"}`, t))
			}
		case p.room != "":
			if p.resuming && p.rcv != nil {
				c.Send(fmt.Appendf(nil, `{"t":"join","room":"%s","since":%d}`, p.room, p.rcv.LastSeq()))
			} else {
				c.Send(fmt.Appendf(nil, `{"t":"join","room":"%s"}`, p.room))
			}
		default:
			w.settle(p, true)
		}
	case "joined":
		if p.rcv != nil {
			p.rcv.Joined(m.Seq, m.Gap)
		}
		if !p.joined {
			w.settle(p, true)
		}
	case "subbed":
		if !p.joined {
			w.settle(p, true)
		}
	case "ack":
		w.acked++
		if strings.HasPrefix(m.Nonce, "g") && m.Seq > 0 {
			w.priority = append(w.priority, roomSeq{p.room, m.Seq})
		}
	case "error":
		key := strconv.Itoa(m.Code) + " " + m.Key
		if !p.joined && !p.resuming || m.Nonce == "sub" {
			w.refused[key]++
			if !p.joined {
				w.settle(p, false)
			}
			return
		}
		w.errors[key]++
	}
}

// batch parses a batch frame once per process: every subscriber of a room gets the same bytes.
func (w *worker) batch(data []byte) *cachedFrame {
	// The head of a batch names its room and first seq: hashing it (not the whole frame) finds the
	// candidate, and the byte comparison makes the match exact.
	h := maphash.Bytes(w.seed, data[:min(len(data), 96)]) ^ uint64(len(data))
	if f := w.cache[h]; f != nil && bytes.Equal(f.raw, data) {
		return f
	}
	var b inBatch
	if err := fastJSON.Unmarshal(data, &b); err != nil {
		w.errors["bad batch"]++
		return nil
	}
	f := &cachedFrame{raw: bytes.Clone(data), room: b.Room, sampled: b.Sampled,
		evs: make([]check.Event, len(b.Ev)), sentNs: make([]int64, len(b.Ev)), tsNs: make([]int64, len(b.Ev))}
	for i, e := range b.Ev {
		ev := check.Event{Seq: e.Seq, Kind: e.K, UID: e.UID, Sender: -1}
		if e.K == check.KindChat {
			if s, n, ns, ok := check.ParseLine(e.Text); ok {
				ev.Sender, ev.N, f.sentNs[i] = s, n, ns
			}
		} else {
			f.tsNs[i] = e.TS * 1e6
		}
		f.evs[i] = ev
	}
	if len(w.cache) > 4096 {
		clear(w.cache)
	}
	w.cache[h] = f
	return f
}

// scoreFrame parses a score frame once per process (every subscriber of a topic gets the same
// bytes): tsNs holds, per match delta, the time of the match's newest event (0 when absent).
func (w *worker) scoreFrame(data []byte) *cachedFrame {
	h := maphash.Bytes(w.seed, data[:min(len(data), 96)]) ^ uint64(len(data))
	if f := w.cache[h]; f != nil && bytes.Equal(f.raw, data) {
		return f
	}
	var sc inScores
	if err := fastJSON.Unmarshal(data, &sc); err != nil {
		w.errors["bad score frame"]++
		return nil
	}
	f := &cachedFrame{raw: bytes.Clone(data)}
	for _, d := range sc.Deltas {
		f.tsNs = append(f.tsNs, d.TS*1e6)
	}
	if sc.Delta != nil {
		f.tsNs = append(f.tsNs, sc.Delta.TS*1e6)
	}
	if len(w.cache) > 4096 {
		clear(w.cache)
	}
	w.cache[h] = f
	return f
}

// tick reports the last second's deltas.
func (w *worker) tick() {
	r := workerMsg{Ev: "tick", Delivered: w.delivered, Sent: w.sent, Acked: w.acked, Frames: w.frames, Scores: w.scores,
		Open: w.open, Joined: w.joinedN, Measuring: w.measuring}
	if w.hist.Count() > 0 {
		s := w.hist.Sparse()
		r.Hist = &s
	}
	if w.prio.Count() > 0 {
		s := w.prio.Sparse()
		r.PrioHist = &s
	}
	for k, kt := range w.kinds {
		if kt.delivered == 0 && kt.hist.Count() == 0 {
			continue
		}
		if r.Kinds == nil {
			r.Kinds = map[string]kindTick{}
		}
		r.Kinds[k] = kindTick{Hist: kt.hist.Sparse(), Delivered: kt.delivered}
		kt.hist.Reset()
		kt.delivered = 0
	}
	w.hist.Reset()
	w.prio.Reset()
	w.delivered, w.sent, w.acked, w.frames, w.scores = 0, 0, 0, 0, 0
	w.emit(r)
}

func shortErr(err error) string {
	s := err.Error()
	if i := strings.LastIndex(s, ": "); i >= 0 {
		s = s[i+2:]
	}
	return s
}
