package postgres

import "fmt"

// The ledger accounts and keys of expert plans (issue 20). A sale moves the price from the buyer's
// coin wallet to the plan escrow (the COIN clearing account: money held until the match is
// settled); settlement then pays it out (the expert's share to the expert's creator earnings, the
// rest to platform revenue) or refunds it to the buyer. No new account kind or transaction type is
// needed: sales and payouts are TxnPlan, refunds TxnRefund.

// PlanEscrow holds plan sales until their match is settled.
func PlanEscrow() Account { return SystemAccount(KindClearing, Coin) }

// CreatorEarnings is an expert's earnings from plans: the same earnings account a streamer's gifts
// go to (one creator, one earnings balance).
func CreatorEarnings(expertID int64) Account { return StreamerEarnings(expertID, Coin) }

// PlanReference is the ledger reference of every movement about plan id.
func PlanReference(planID int64) string { return fmt.Sprintf("plan/%d", planID) }

// planSaleKey, planPayoutKey and planRefundKey are the idempotency keys of an order's movements:
// one sale per (plan, buyer), at most one payout and one refund per order, ever.
func planSaleKey(planID, buyer int64) string { return fmt.Sprintf("plan-sale:%d:%d", planID, buyer) }
func planPayoutKey(orderID int64) string     { return fmt.Sprintf("plan-payout:%d", orderID) }
func planRefundKey(orderID int64) string     { return fmt.Sprintf("plan-refund:%d", orderID) }
