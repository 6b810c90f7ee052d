// The shared table: headers translated from their keys, one body row per entry, a column's class
// on its header and body cells, the highlighted rows, the caption, and no header row when no
// column has a header.
import { beforeAll, describe, expect, it } from "vitest";
import { initI18n } from "../i18n";
import { testRoot } from "../test/root";
import { DataTable, type Column } from "./DataTable";
import styles from "./DataTable.module.css";

interface Line {
  id: string;
  name: string;
  points: number;
  top?: boolean;
}

const lines: Line[] = [
  { id: "a", name: "Ashby", points: 9, top: true },
  { id: "b", name: "Bexley", points: 4 },
];

const columns: Column<Line>[] = [
  { header: "matches.table.team", className: "dtable__left", cell: (l) => l.name },
  { label: "#", cell: (l) => <b>{l.points}</b> },
  { header: "matches.library.fee", cell: (l, t) => (l.points > 5 ? String(l.points) : t("matches.library.undisclosed")) },
];

const { render, q, all } = testRoot();

beforeAll(async () => {
  await initI18n("en_US");
});

describe("DataTable", () => {
  it("renders translated headers and one row per entry with the column classes", async () => {
    await render(<DataTable testId="points" columns={columns} rows={lines} rowKey={(l) => l.id} rowClassName={(l) => (l.top ? "dtable__hl" : undefined)} />);
    const table = q('[data-testid="points"]')!;
    expect(table.className).toBe(styles.dtable);
    expect(all("th").map((th) => [th.textContent, th.getAttribute("class")])).toEqual([
      ["Team", "dtable__left"],
      ["#", null],
      ["Fee", null],
    ]);
    const rows = all("tbody tr");
    expect(rows.map((r) => r.getAttribute("class"))).toEqual(["dtable__hl", null]);
    expect(rows.map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent))).toEqual([
      ["Ashby", "9", "9"],
      ["Bexley", "4", "Free or undisclosed"],
    ]);
    expect(rows[0]!.querySelector("td")!.className).toBe("dtable__left");
    expect(rows[0]!.querySelector("b")?.textContent).toBe("9");
    expect(q("caption")).toBeNull();
  });

  it("leaves the header row out when no column has a header, and shows a caption when given", async () => {
    const bare: Column<Line>[] = [
      { key: "name", cell: (l) => l.name },
      { key: "points", cell: (l) => l.points },
    ];
    await render(<DataTable className="dtable form-matches" caption="Group A" columns={bare} rows={lines} rowKey={(l) => l.id} />);
    expect(q("table")!.className).toBe("dtable form-matches");
    expect(q("thead")).toBeNull();
    expect(q("caption")?.textContent).toBe("Group A");
    expect(all("tbody tr")).toHaveLength(2);
    expect(q("tbody tr")!.hasAttribute("class")).toBe(false);
  });
});
