package shop

import "courtside/storage/postgres"

// DemoCatalogue is the catalogue a demo site starts with (the engine seeds it once with the demo
// flag): physical goods, virtual goods, in-site items and two blind boxes, with pictures drawn for
// the project (webclient/public/shop). Categories are keys the pages translate.
func DemoCatalogue() []postgres.ShopProduct {
	const shipNotice = "Physical goods ship within 3 working days of review. Please make sure the recipient, address and contact are correct: orders that cannot be delivered are charged back and the coins refunded."
	const codeNotice = "The code is shown once the order is paid and stays in your redemption records. Codes cannot be exchanged back for coins."
	return []postgres.ShopProduct{
		{Kind: KindPhysical, Category: "apparel", Name: "Courtside Home Jersey 2026", Redeemed: 312, Picture: "/shop/jersey.svg", Price: 2990, Stock: 40,
			PerOrderLimit: 2, PerUserLimit: 2, Sort: 10, Active: true, Notice: shipNotice,
			Details: "## Breathable match-day jersey\n\nLightweight recycled polyester with mesh side panels, the Courtside crest embroidered on the chest.\n\n- Sizes S to XXL (choose your size in the address remarks)\n- Machine wash at 30°C\n\n![The jersey, front](/shop/jersey.svg)"},
		{Kind: KindPhysical, Category: "apparel", Name: "Supporter Scarf", Redeemed: 541, Picture: "/shop/scarf.svg", Price: 890, Stock: 120,
			PerOrderLimit: 3, Sort: 20, Active: true, Notice: shipNotice,
			Details: "## Knitted supporter scarf\n\nDouble-knit acrylic, 140 × 18 cm, with tassels. Warm enough for a December away game.\n\n![The scarf](/shop/scarf.svg)"},
		{Kind: KindPhysical, Category: "apparel", Name: "Courtside Cap", Redeemed: 208, Picture: "/shop/cap.svg", Price: 690, Stock: 60,
			PerOrderLimit: 2, Sort: 30, Active: true, Notice: shipNotice,
			Details: "## Six-panel cotton cap\n\nAdjustable strap, curved peak, embroidered logo.\n\n![The cap](/shop/cap.svg)"},
		{Kind: KindPhysical, Category: "equipment", Name: "Match Football, Size 5", Redeemed: 97, Picture: "/shop/football.svg", Price: 1590, Stock: 25,
			PerOrderLimit: 1, Sort: 40, Active: true, Notice: shipNotice,
			Details: "## Thermo-bonded match ball\n\nFIFA Basic quality, 32 panels, butyl bladder. Shipped deflated with a needle.\n\n![The ball](/shop/football.svg)"},
		{Kind: KindPhysical, Category: "equipment", Name: "Indoor Basketball, Size 7", Redeemed: 64, Picture: "/shop/basketball.svg", Price: 1490, Stock: 3,
			PerOrderLimit: 1, Sort: 50, Active: true, Notice: shipNotice,
			Details: "## Composite leather basketball\n\nDeep channels for grip, official size and weight.\n\n![The basketball](/shop/basketball.svg)"},
		{Kind: KindPhysical, Category: "collectibles", Name: "Champions Trophy Replica", Picture: "/shop/trophy.svg", Price: 9990, Stock: 0,
			PerOrderLimit: 1, PerUserLimit: 1, Redeemed: 20, Sort: 60, Active: true, Notice: shipNotice,
			Details: "## 1:4 scale trophy replica\n\nZinc alloy with a gold finish on a black base, 18 cm tall, numbered certificate.\n\n![The trophy](/shop/trophy.svg)"},
		{Kind: KindVirtual, Category: "digital", Name: "Game Store Voucher ¥50", Redeemed: 433, Picture: "/shop/voucher.svg", Price: 520, Stock: 200,
			PerOrderLimit: 1, PerUserLimit: 5, Sort: 70, Active: true, Notice: codeNotice,
			Details: "## A ¥50 voucher code\n\nRedeem the code in the partner game store within 12 months."},
		{Kind: KindVirtual, Category: "digital", Name: "E-book: Tactics of the Modern Game", Redeemed: 158, Picture: "/shop/ebook.svg", Price: 120, Stock: 999,
			PerOrderLimit: 1, PerUserLimit: 1, Sort: 80, Active: true, Notice: codeNotice,
			Details: "## 180 pages of pressing, rotations and set pieces\n\nDownload code for EPUB and PDF."},
		{Kind: KindItem, Category: "membership", Name: "VIP Membership, 7 Days", Redeemed: 1204, Picture: "/shop/vip.svg", Price: 150, Stock: 5000,
			PerOrderLimit: 1, PerUserLimit: 3, ItemKind: ItemVIPDays, ItemValue: 7, Sort: 90, Active: true,
			Notice:  "Applied to your account at once; extends a membership in force.",
			Details: "## Seven days of VIP\n\nMember-only streams and matches, the VIP badge in chat."},
		{Kind: KindItem, Category: "membership", Name: "Golden Whistle Badge", Redeemed: 377, Picture: "/shop/badge.svg", Price: 300, Stock: 1000,
			PerOrderLimit: 1, PerUserLimit: 1, ItemKind: ItemBadge, ItemValue: 1, Sort: 100, Active: true,
			Notice: "Shown on your profile once redeemed.", Details: "## A badge for true fans\n\nLimited to one per account."},
		{Kind: KindBlindBox, Category: "blindbox", Name: "Matchday Mystery Box", Redeemed: 2650, Picture: "/shop/box-blue.svg", Price: 100, Stock: 9999,
			PerOrderLimit: 10, Sort: 110, Active: true,
			Notice:  "Each box is drawn on the server from a cryptographic random source with the odds shown here; every draw is recorded with the odds in force.",
			Details: "## What is inside?\n\nCoins or a day of VIP. The odds of every prize are published on this page.",
			Prizes: []postgres.ShopPrize{
				{Name: "50 coins", Picture: "/shop/coins.svg", Weight: 40, Coins: 50},
				{Name: "100 coins", Picture: "/shop/coins.svg", Weight: 25, Coins: 100},
				{Name: "1 day of VIP", Picture: "/shop/vip.svg", Weight: 25, ItemKind: ItemVIPDays, ItemValue: 1},
				{Name: "300 coins", Picture: "/shop/coins.svg", Weight: 8, Coins: 300},
				{Name: "1,000 coins", Picture: "/shop/coins.svg", Weight: 2, Coins: 1000},
			}},
		{Kind: KindBlindBox, Category: "blindbox", Name: "Legends Box", Redeemed: 419, Picture: "/shop/box-gold.svg", Price: 500, Stock: 500,
			PerOrderLimit: 5, Sort: 120, Active: true,
			Notice:  "Each box is drawn on the server from a cryptographic random source with the odds shown here; every draw is recorded with the odds in force.",
			Details: "## For the bold\n\nBig coin prizes and SVIP days.",
			Prizes: []postgres.ShopPrize{
				{Name: "200 coins", Picture: "/shop/coins.svg", Weight: 50, Coins: 200},
				{Name: "500 coins", Picture: "/shop/coins.svg", Weight: 30, Coins: 500},
				{Name: "3 days of SVIP", Picture: "/shop/vip.svg", Weight: 15, ItemKind: ItemSVIPDays, ItemValue: 3},
				{Name: "2,000 coins", Picture: "/shop/coins.svg", Weight: 5, Coins: 2000},
			}},
	}
}
