// The facts list: one label-over-value pair per fact, in order, under the form-stats class.
import { describe, expect, it } from "vitest";
import { testRoot } from "../test/root";
import { FactList } from "./FactList";
import styles from "./FactList.module.css";

const { render, q, all } = testRoot();

describe("FactList", () => {
  it("shows each fact as a dt/dd pair in order, with the extra class after form-stats", async () => {
    await render(
      <FactList
        className="lib-facts"
        facts={[
          ["Played", 10],
          ["Results", <i key="r">WWD</i>],
          ["Played", "again"],
        ]}
      />,
    );
    expect(q("dl")!.className).toBe(`${styles.formStats} lib-facts`);
    expect(all("dl > div").map((d) => [d.querySelector("dt")!.textContent, d.querySelector("dd")!.textContent])).toEqual([
      ["Played", "10"],
      ["Results", "WWD"],
      ["Played", "again"],
    ]);
    expect(q("dd i")?.textContent).toBe("WWD");
  });

  it("uses form-stats alone without an extra class", async () => {
    await render(<FactList facts={[["Period", "Q3"]]} />);
    expect(q("dl")!.className).toBe(styles.formStats);
  });
});
