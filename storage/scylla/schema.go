package scylla

import (
	_ "embed"
	"regexp"
	"strings"
)

// schemaCQL is the documented schema; Open runs it, so the file and the database cannot drift.
//
//go:embed schema.cql
var schemaCQL string

var (
	replicationRe = regexp.MustCompile(`(?s)WITH\s+replication\s*=\s*\{.*?\}`)
	keyspaceRe    = regexp.MustCompile(`\bcourtside\b`)
	commentRe     = regexp.MustCompile(`(?m)--.*$`)
)

// schemaStatements returns the statements of schema.cql for a keyspace and replication map.
// The first creates the keyspace; the rest create its tables.
func schemaStatements(keyspace, replication string) []string {
	body := commentRe.ReplaceAllString(schemaCQL, "")
	var out []string
	for _, stmt := range strings.Split(body, ";") {
		stmt = strings.TrimSpace(stmt)
		if stmt == "" {
			continue
		}
		stmt = keyspaceRe.ReplaceAllLiteralString(stmt, keyspace)
		if strings.HasPrefix(stmt, "CREATE KEYSPACE") {
			stmt = replicationRe.ReplaceAllLiteralString(stmt, "WITH replication = "+replication)
		}
		out = append(out, stmt)
	}
	return out
}
