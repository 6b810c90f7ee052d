// Package roomwallet adapts the wallet's Go API (wallet.Service.SendGift) to the room actor's Wallet
// port (actors/room.Wallet): it turns the room's text user ids (protocol.UserID's "u<number>") and catalogue ids into
// the wallet's numbers and the wallet's typed errors into the room's, so the engine wires gifts with
//
//	room.Config{Wallet: roomwallet.New(walletService)}
//
// It lives apart from package wallet so that the wallet does not depend on the actor packages.
//
// Concurrency: an Adapter is stateless and safe for concurrent use; SendGift blocks on Postgres and
// the room actor already calls it off its mailbox.
package roomwallet
