// The back office's atoms (issue 16).
import { atom } from "jotai";
import type { StaffState } from "../api/admin";

/** The staff member's back-office state (GET /admin/staff/me); null until loaded. */
export const staffStateAtom = atom<StaffState | null>(null);

/** The audit screen's filters, kept while moving between screens. */
export const auditFilterAtom = atom<{ actor: string; action: string; target: string; from: string; to: string }>({
  actor: "",
  action: "",
  target: "",
  from: "",
  to: "",
});
