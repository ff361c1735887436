import { describe, expect, it } from "vitest";
import { extendRows, type Page } from "~/domain/paging.server";

const page = (ids: number[]): Page<{ id: number; nama: string }> => ({
  rows: ids.map((id) => ({ id, nama: `n${id}` })),
  total: 40,
  page: 2,
  size: 10,
  offset: 10,
  q: "",
});

describe("extendRows", () => {
  it("reads once for the page's own ids and gives each row its columns, keeping the page's place", () => {
    const asked: number[][] = [];
    const out = extendRows(
      page([11, 12]),
      (ids) => {
        asked.push(ids);
        return new Map([[12, 3]]);
      },
      (row, found) => ({ jumlah: found.get(row.id) ?? 0 }),
    );
    expect(asked).toEqual([[11, 12]]);
    expect(out).toEqual({ ...page([]), rows: [{ id: 11, nama: "n11", jumlah: 0 }, { id: 12, nama: "n12", jumlah: 3 }] });
  });

  it("reads nothing for an empty page", () => {
    let read = false;
    const out = extendRows(page([]), () => (read = true), () => ({ x: 1 }));
    expect(read).toBe(false);
    expect(out.rows).toEqual([]);
  });
});
