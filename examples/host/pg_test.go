package main

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
)

func dropSchema(t *testing.T, url, schema string) {
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Errorf("dropping %s: %v", schema, err)
		return
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(context.Background(), "DROP SCHEMA IF EXISTS "+pgx.Identifier{schema}.Sanitize()+" CASCADE"); err != nil {
		t.Errorf("dropping %s: %v", schema, err)
	}
}
