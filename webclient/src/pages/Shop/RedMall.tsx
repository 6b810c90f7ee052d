// /userInfo/redMall — blind-box draws and prizes: each box opened, the prize, and the odds in force
// with the roll it was drawn with, so the user can check it.
import { useCallback } from "react";
import { Link } from "react-router";
import { useAtomValue } from "../../state/hooks";
import { useShopT } from "../../i18n/shop";
import { shopApi } from "../../api/shop";
import { tokenAtom } from "../../state/session";
import { shopVersionAtom } from "../../state/shop";
import { NoData } from "../../components/NoData";
import { formatCoins, useLocaleTag } from "./format";
import { ShopMenu } from "./ShopMenu";
import { usePaged } from "./usePaged";
import "./Shop.css";

export default function RedMall() {
  const { t } = useShopT();
  const loc = useLocaleTag();
  const token = useAtomValue(tokenAtom);
  const version = useAtomValue(shopVersionAtom);
  const load = useCallback((page: number) => shopApi.draws(page), []);
  const list = usePaged(load, token !== "", version);
  return (
    <div className="shop-user" data-testid="redmall">
      <ShopMenu />
      <div className="shop-user__head">
        <h1>{t("redMall.title")}</h1>
        <Link to="/mall" className="shop-btn" onClick={() => undefined}>{t("redMall.open")}</Link>
      </div>
      {list.error && <p className="shop-error">{list.error}</p>}
      {!list.loading && list.items.length === 0 && !list.error && <NoData />}
      <ul className="shop-draws">
        {list.items.map((d) => (
          <li key={`${d.orderNo}:${d.seq}`} className="shop-draw" data-testid="draw">
            {d.picture && <img src={d.picture} alt="" loading="lazy" decoding="async" />}
            <div>
              <div className="shop-draw__box">{d.box}</div>
              <div className="shop-draw__prize">
                {t("redMall.prize")}: <strong>{d.prize}</strong>
                {d.coins > 0 && <span className="shop-muted"> (+{formatCoins(d.coins, loc)})</span>}
              </div>
              <div className="shop-muted">
                {new Date(d.createdAt).toLocaleString(loc)} · {t("redMall.roll", { roll: d.roll, total: d.totalWeight })} ·{" "}
                {d.odds.map((z) => `${z.name} ${z.odds}%`).join(" / ")}
              </div>
            </div>
          </li>
        ))}
      </ul>
      {list.items.length < list.total && (
        <button type="button" className="shop-btn shop-btn--ghost" onClick={list.more}>…</button>
      )}
    </div>
  );
}
