package admin_test

import (
	"context"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"courtside/api/account"
	"courtside/api/admin"
)

// nodeGauges registers on reg the gauges a node's registry holds (the gateway's open connections,
// the engine's room actors, the process's start time), set to the given values.
func nodeGauges(t *testing.T, reg *prometheus.Registry, open, rooms float64, started time.Time) {
	t.Helper()
	gauge := func(name string, v float64) prometheus.Gauge {
		g := prometheus.NewGauge(prometheus.GaugeOpts{Name: name, Help: name})
		g.Set(v)
		return g
	}
	reg.MustRegister(collectors.NewGoCollector(),
		gauge("courtside_gateway_connections_open", open),
		gauge("courtside_rooms_active", rooms),
		gauge("process_start_time_seconds", float64(started.Unix())))
}

// The dashboard's live rooms carry the chat rate of the live rooms screen (lines of the last minute
// only) and the room's reports of the last hour (older ones and other rooms' not counted), and its
// node health comes from the node's own metrics: the values of the gauges, -1 for one the registry
// lacks.
func TestDashboardRoomsAndNodeHealth(t *testing.T) {
	e := newEnv(t)
	mod := e.staff("mod", account.RoleModerator)
	nodeGauges(t, e.metrics, 17, 3, testNow.Add(-90*time.Minute))

	e.lines.add("7001", 1, "u5", "fan", "what a goal")
	e.lines.add("7001", 2, "u6", "fan2", "again!")
	old := e.lines.add("7001", 3, "u7", "late", "an old line")
	e.lines.mu.Lock()
	ev := e.lines.events["7001/"+old]
	ev.Time = testNow.Add(-5 * time.Minute).UnixMilli()
	e.lines.events["7001/"+old] = ev
	e.lines.mu.Unlock()

	ctx := context.Background()
	for i, r := range []struct {
		room, msg, by string
		at            time.Time
	}{
		{"7001", "7001-1", "u8", testNow.Add(-10 * time.Minute)},
		{"7001", "7001-1", "u9", testNow.Add(-50 * time.Minute)},
		{"7001", "7001-2", "u8", testNow.Add(-2 * time.Hour)}, // older than the hour
		{"7002", "7002-1", "u8", testNow.Add(-time.Minute)},   // another room
	} {
		if err := e.store.AddReport(ctx, r.room, r.msg, int64(i+1), r.by, "spam", r.at); err != nil {
			t.Fatal(err)
		}
	}

	var d admin.Dashboard
	e.ok(mod, "GET", "/java/admin/dashboard", "", &d)
	if len(d.LiveRooms) != 1 {
		t.Fatalf("live rooms: %+v", d.LiveRooms)
	}
	r := d.LiveRooms[0]
	if r.Room != "7001" || r.Viewers != 12 || r.ChatPerMin != 2 || r.ReportsHour != 2 {
		t.Fatalf("the live room's row: %+v", r)
	}
	if len(d.Nodes) != 1 {
		t.Fatalf("nodes: %+v", d.Nodes)
	}
	n := d.Nodes[0]
	if n.Node != "http://node-a:8080" || n.Host != "node-a" || n.Connections != 17 || n.Rooms != 3 || n.Matches != -1 ||
		n.UptimeSecs != 90*60 || n.Goroutines <= 0 || n.HeapBytes <= 0 || n.RSSBytes != -1 {
		t.Fatalf("node health: %+v", n)
	}
}
