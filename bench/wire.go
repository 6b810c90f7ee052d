package main

import (
	"courtside/bench/check"
	"courtside/bench/hdr"
)

// plan is the first line a worker reads: the connections it holds.
type plan struct {
	Worker      int      `json:"worker"`
	Targets     []string `json:"targets"` // host:port of gateways; connection i uses Targets[i % len]
	Path        string   `json:"path"`    // request target of the upgrade, e.g. /ws?v=1
	Sources     []string `json:"sources"` // loopback source addresses, round robin
	Senders     int      `json:"senders"` // senders in the whole fleet (checker sizing)
	Groups      []group  `json:"groups"`
	ConnectRate int      `json:"connect_rate"` // new connections per second, this worker
	MaxPending  int      `json:"max_pending"`  // connections connecting or upgrading at once
	Compress    bool     `json:"compress"`     // offer permessage-deflate (-compress)
}

// group is a set of like connections.
type group struct {
	Count      int      `json:"count"`
	Rooms      []string `json:"rooms"`              // connection j joins Rooms[j % len] (none: stays idle after auth)
	Topics     []string `json:"topics"`             // sub topics instead of rooms
	PerConn    []string `json:"per_conn,omitempty"` // connection j subscribes PerConn[j] alone (instead of Topics)
	Kind       string   `json:"kind,omitempty"`     // scoreboard: the kind of page (latency and deliveries per kind)
	SenderBase int      `json:"sender_base"`        // >= 0: connection j is sender SenderBase+j
	Rate       float64  `json:"rate"`               // chat lines per second per sender
	GiftEvery  int      `json:"gift_every"`         // every n-th message of a sender is a gift (0: none)
	Token      string   `json:"token"`
	Tokens     []string `json:"tokens,omitempty"` // connection j authenticates with Tokens[j] when given
	Check      bool     `json:"check"`            // parse batches: latency and correctness checks
}

// kindTick is one kind of scoreboard subscriber's share of a tick.
type kindTick struct {
	Hist      hdr.Sparse `json:"hist"`
	Delivered uint64     `json:"delivered"`
}

// command is a line the coordinator sends after the plan.
type command struct {
	Cmd      string      `json:"cmd"`               // connect, send, measure, stop, drop, churn, acked, finish
	Rate     int         `json:"rate,omitempty"`    // drop: reconnections per second from now on
	Pending  int         `json:"pending,omitempty"` // drop: connections connecting at once from now on
	Share    float64     `json:"share,omitempty"`   // churn: the share of joined listeners that leave and join again
	Mutes    []mutedUser `json:"mutes,omitempty"`
	Priority []roomSeq   `json:"priority,omitempty"`
}

type mutedUser struct {
	Room string `json:"room"`
	UID  string `json:"uid"`
	Seq  uint64 `json:"seq"`
}

type roomSeq struct {
	Room string `json:"room"`
	Seq  uint64 `json:"seq"`
}

// workerMsg is a line a worker writes.
type workerMsg struct {
	Ev     string `json:"ev"` // tick, connected, stopped, resumed, final, fatal
	Worker int    `json:"worker"`

	// tick: deltas since the previous tick
	Hist      *hdr.Sparse         `json:"hist,omitempty"`
	PrioHist  *hdr.Sparse         `json:"prio_hist,omitempty"`
	Delivered uint64              `json:"delivered,omitempty"`
	Sent      uint64              `json:"sent,omitempty"`
	Acked     uint64              `json:"acked,omitempty"`
	Frames    uint64              `json:"frames,omitempty"`
	Scores    uint64              `json:"scores,omitempty"`
	Measuring bool                `json:"measuring,omitempty"` // the deltas belong to the measured window
	Kinds     map[string]kindTick `json:"kinds,omitempty"`     // scoreboard: the same, per kind of subscriber
	Open      int                 `json:"open"`
	Joined    int                 `json:"joined"`

	// connected, resumed
	Failed  int               `json:"failed,omitempty"`
	Secs    float64           `json:"secs,omitempty"`
	Senders map[int]string    `json:"senders,omitempty"` // sender index → uid
	Refused map[string]uint64 `json:"refused,omitempty"` // first error code of a join or sub, by key

	// stopped
	Priority []roomSeq `json:"priority,omitempty"` // priority events this worker's senders had acknowledged

	// final
	Check        *check.Result     `json:"check,omitempty"`
	Errors       map[string]uint64 `json:"errors,omitempty"`
	Closes       map[string]uint64 `json:"closes,omitempty"`
	ConnFailures uint64            `json:"conn_failures,omitempty"`
	CPUS         float64           `json:"cpu_s,omitempty"` // the worker's own CPU seconds so far
	Msg          string            `json:"msg,omitempty"`
}
