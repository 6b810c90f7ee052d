// "Link a plan" under an approved expert's chat input: the expert's published plans on the room's
// linked match, one click posts it to chat as its title and its address, which every viewer's chat
// shows as a link to the plan (PlanLinkText). Only experts see it, so only they pay for the reads.
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { useAtomValue } from "../../state/hooks";
import { useExpertsT } from "../../i18n/experts";
import { expertsApi, type Plan } from "../../api/experts";
import { liveApi } from "../../api/live";
import { realtimeCommandsAtom } from "../../state/realtime";
import styles from "./PlanLinker.module.css";
import { errorText } from "../../api/client";
import { useDialog } from "../../components/useDialog";

/** The address a chat line carries for a plan; PlanLinkText turns it into a link. */
const PLAN_PATH = /(\/expert\/plan\/\d+)/;

/** The chat message that links a plan. */
export const planMessage = (p: Pick<Plan, "id" | "title">) => `${p.title} /expert/plan/${p.id}`;

/** Splits chat text into its words and plan links (any viewer's chat line). */
export function splitPlanLinks(text: string): { text: string; plan?: string }[] {
  return text
    .split(PLAN_PATH)
    .filter((s) => s !== "")
    .map((s) => (PLAN_PATH.test(s) ? { text: s, plan: s } : { text: s }));
}

/** Chat text with every plan address shown as a link to the plan. */
export function PlanLinkText({ text }: { text: string }) {
  const { t } = useExpertsT();
  const parts = splitPlanLinks(text);
  if (parts.length === 1 && !parts[0]!.plan) return <>{text}</>;
  return (
    <>
      {parts.map((p, i) =>
        p.plan ? (
          <Link key={i} to={p.plan} className={styles.chatPlanLink} data-testid="chat-plan-link">
            {t("experts.chat.open")}
          </Link>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

export function PlanLinker({ room, expertId }: { room: string; expertId: string }) {
  const { t } = useExpertsT();
  const commands = useAtomValue(realtimeCommandsAtom);
  const [open, setOpen] = useState(false);
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [noMatch, setNoMatch] = useState(false);
  const [error, setError] = useState("");
  const toggle = async () => {
    setOpen(!open);
    if (open || plans) return;
    try {
      const card = await liveApi.room(room);
      if (!card.matchId) {
        setNoMatch(true);
        return;
      }
      setPlans((await expertsApi.plans({ matchId: card.matchId, expertId })).list);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const send = (p: Plan) => {
    if (commands?.sendChat(room, planMessage(p))) setOpen(false);
  };
  return (
    <div className={styles.planLinker}>
      <button type="button" className={styles.planLinkerToggle} onClick={toggle} aria-expanded={open} data-testid="plan-linker">
        {t("experts.chat.link")}
      </button>
      {open && (
        <LinkerMenu onClose={() => setOpen(false)}>
          {noMatch && <p>{t("experts.chat.noMatch")}</p>}
          {error && <p>{error}</p>}
          {plans && plans.length === 0 && (
            <p>
              {t("experts.chat.none")} <Link to="/creatorCenter/progComponent">{t("experts.chat.write")}</Link>
            </p>
          )}
          {plans?.map((p) => (
            <button key={p.id} type="button" className={styles.planLinkerItem} onClick={() => send(p)} data-testid="plan-linker-item">
              {p.title}
            </button>
          ))}
        </LinkerMenu>
      )}
    </div>
  );
}

/** The list of plans under the toggle: a popover (Escape closes it; Tab may move on). */
function LinkerMenu({ onClose, children }: { onClose(): void; children: ReactNode }) {
  const popover = useDialog<HTMLDivElement>(onClose, { modal: false });
  return (
    <div className={styles.planLinkerMenu} data-testid="plan-linker-menu" {...popover}>
      {children}
    </div>
  );
}
