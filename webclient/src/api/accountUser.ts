// The user as the server sends it, in a module of its own that imports nothing: the session state
// (src/state/session.ts) holds one, and the call modules import the state (client.ts reads the
// token), so the type living in api/account.ts made an import circle
// account.ts -> client.ts -> state/session.ts -> account.ts (issue 14).

/** User info as the server sends it (own info carries the private fields too). */
export interface AccountUser {
  userId: string;
  uid: string;
  name: string;
  username?: string;
  avatar?: string;
  signature?: string;
  level?: number;
  experience?: number;
  /** Total experience the next level needs; 0 at the top level. */
  nextLevelExperience?: number;
  /** 0 none, 1 VIP, 2 SVIP. */
  member?: number;
  roles?: string[];
  follows?: number;
  fans?: number;
  /** The viewer follows this user. */
  following?: boolean;
  muted?: boolean;
  /** The fields below are filled (own info, or an administrator's view). */
  private?: boolean;
  areaCode?: string;
  /** "+<area><number>". */
  phone?: string;
  email?: string;
  coin?: number;
  diamond?: number;
  vipExpire?: number;
  svipExpire?: number;
  hasPassword?: boolean;
  newUser?: boolean;
  createdAt?: number;
}
