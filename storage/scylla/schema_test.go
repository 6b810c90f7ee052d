package scylla

import (
	"strings"
	"testing"
)

func TestSchemaStatementsFollowTheKeyspaceAndReplication(t *testing.T) {
	stmts := schemaStatements("chat_eu", "{'class': 'NetworkTopologyStrategy', 'eu1': 3}")
	if len(stmts) != 6 {
		t.Fatalf("got %d statements, want 6 (keyspace and five tables):\n%s", len(stmts), strings.Join(stmts, "\n---\n"))
	}
	if want := "CREATE KEYSPACE IF NOT EXISTS chat_eu\n  WITH replication = {'class': 'NetworkTopologyStrategy', 'eu1': 3}"; stmts[0] != want {
		t.Errorf("keyspace statement:\n%s\nwant\n%s", stmts[0], want)
	}
	for _, table := range []string{"chat_events", "chat_events_by_id", "chat_buckets", "chat_rooms", "chat_settings"} {
		found := false
		for _, s := range stmts[1:] {
			if strings.HasPrefix(s, "CREATE TABLE IF NOT EXISTS chat_eu."+table+" (") {
				found = true
			}
		}
		if !found {
			t.Errorf("no CREATE TABLE for chat_eu.%s", table)
		}
	}
	for _, s := range stmts {
		if strings.Contains(s, "courtside") || strings.Contains(s, "--") {
			t.Errorf("statement keeps the default keyspace or a comment:\n%s", s)
		}
	}
	events := stmts[1]
	for _, want := range []string{"PRIMARY KEY ((room, bucket), seq)", "CLUSTERING ORDER BY (seq DESC)", "deleted boolean", "payload blob"} {
		if !strings.Contains(events, want) {
			t.Errorf("chat_events lacks %q:\n%s", want, events)
		}
	}
}
