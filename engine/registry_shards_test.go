package engine

import (
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	cmap "github.com/orcaman/concurrent-map"
)

// TestAShardedRegistryStillFindsEveryActor: with the registry cut into fewer maps, every actor
// spawned is found by its PID and gone once stopped.
func TestAShardedRegistryStillFindsEveryActor(t *testing.T) {
	old := cmap.SHARD_COUNT
	t.Cleanup(func() { cmap.SHARD_COUNT = old })
	ShardProcessRegistry()
	if cmap.SHARD_COUNT != registryShards {
		t.Fatalf("SHARD_COUNT %d, want %d", cmap.SHARD_COUNT, registryShards)
	}
	sys := actor.NewActorSystem()
	t.Cleanup(sys.Shutdown)
	echo := actor.PropsFromFunc(func(c actor.Context) {
		if s, ok := c.Message().(string); ok {
			c.Respond(s)
		}
	})
	pids := make([]*actor.PID, 2000)
	for i := range pids {
		pids[i] = sys.Root.Spawn(echo)
	}
	for i, pid := range pids {
		got, err := sys.Root.RequestFuture(pid, "ping", 5*time.Second).Result()
		if err != nil || got != "ping" {
			t.Fatalf("actor %d: %v %v", i, got, err)
		}
	}
	for _, pid := range pids[:1000] {
		if err := sys.Root.StopFuture(pid).Wait(); err != nil {
			t.Fatal(err)
		}
	}
	for _, pid := range pids[:1000] {
		if _, found := sys.ProcessRegistry.GetLocal(pid.Id); found {
			t.Fatalf("%s still registered after it stopped", pid.Id)
		}
	}
	for _, pid := range pids[1000:] {
		if _, found := sys.ProcessRegistry.GetLocal(pid.Id); !found {
			t.Fatalf("%s lost", pid.Id)
		}
	}
}
