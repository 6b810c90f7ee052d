// Static text pages: /protocol/1 user agreement, /protocol/2 privacy policy, /about.
import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import NotFound from "./NotFound";
import "./Protocol.css";

export default function Protocol() {
  const { id } = useParams();
  const { t } = useTranslation();
  if (id !== "1" && id !== "2") return <NotFound />;
  return (
    <article className="protocol" data-testid="protocol">
      <h1>{t(`protocol.${id}.title`)}</h1>
      <p>{t(`protocol.${id}.body`)}</p>
    </article>
  );
}

export function About() {
  const { t } = useTranslation();
  return (
    <article className="protocol" data-testid="about">
      <h1>{t("footer.about")}</h1>
      <p>Courtside — {t("app.tagline")}</p>
    </article>
  );
}
