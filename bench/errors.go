package main

import "errors"

var (
	// errSkipped marks a scenario that cannot run against this server; its message says why.
	errSkipped = errors.New("skipped")
	// errWorker: a worker process failed or said something the coordinator cannot read.
	errWorker = errors.New("bench worker failed")
)
