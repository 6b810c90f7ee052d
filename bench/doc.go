// Command bench is Courtside's load harness: it drives tens of thousands of real WebSocket clients and
// REST calls at one node (which it can start itself) or at a list of gateways, checks what every
// receiver got while loaded, and writes bench/results/latest.json and latest.html.
//
//	go run ./bench suite                 # the standard suite against a local node (<= 10 minutes)
//	go run ./bench hot-room -subscribers 5000 -rate 40 -duration 30s
//	go run ./bench -target ws://10.0.0.5:8081/ws?v=1 -http http://10.0.0.5:8080 idle-connections
//
// Shape: the coordinator process (this command) runs the scenarios; the WebSocket clients live in
// worker processes (this binary re-executed as `bench worker`), each an epoll loop from bench/client
// holding up to Config.PerWorker sockets bound to several loopback source addresses. Workers read
// one JSON command per line on stdin and write one JSON message per line on stdout (wire.go).
//
// Concurrency: in a worker, everything touching sockets, the checker and the histograms runs on the
// loop goroutine; two helper goroutines only read stdin and write stdout, handing work over through
// Loop.Post and a channel. In the coordinator, one goroutine per worker decodes its stdout into the
// fleet's channel, and the scenario goroutine alone aggregates it.
package main
