// Package payment holds the payment provider adapters behind the wallet's recharge orders: Alipay
// (QR code, RSA2-signed gateway calls and notifications), card (a Stripe-style Checkout Session with
// signed webhooks), PayPal (Orders v2 with webhook verification by PayPal's own API), USDT (a
// deposit address and a signed confirmations callback from our chain watcher) and Dev, a
// development provider that completes payments locally through a page with a "pay" button.
//
// Every adapter implements Provider: Create asks the provider for a checkout for one order; Verify
// checks a callback's signature and turns it into Events; Ack writes the answer the provider
// expects. The wallet (package api/wallet) owns the orders and decides what an Event does, so an
// adapter never touches money: a forged, duplicated or out-of-order callback can at worst be
// refused here or ignored there.
//
// The real providers cannot be reached from the development machines. Their request building and
// signature checks follow the providers' documented formats and are tested against local stand-ins
// (httptest servers speaking the same protocol, keys generated in the test), not against the
// providers themselves.
//
// Concurrency: providers are immutable after construction and safe for concurrent use.
package payment
