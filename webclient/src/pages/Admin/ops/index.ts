// The back office's live rooms (manageRooms), moderation rules (moderationRules), and orders and money
// (manageOrders) screens (issue 16), for the shell to mount (sections.ts).
export { LiveRoomsAdmin } from "./LiveRoomsAdmin";
export { WordsAdmin } from "./WordsAdmin";
export { MoneyAdmin } from "./MoneyAdmin";
