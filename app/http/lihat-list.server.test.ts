import { describe, expect, it } from "vitest";
import { statusFilter } from "~/http/lihat-list.server";
import { SEKRETARIS_STATUSES } from "~/domain/lppm/penetapan/penetapan";

const at = (search: string) => new URL(`http://toko.test/sekretarislppm/persetujuan-usulan/usulan-reguler${search}`);

describe("statusFilter", () => {
  it("defaults to what waits for the role, takes 'semua' and ignores anything else", () => {
    expect(statusFilter(at(""), SEKRETARIS_STATUSES)).toEqual({ status: "DINILAI", statuses: ["DINILAI"] });
    expect(statusFilter(at("?status=DIVERIFIKASI"), SEKRETARIS_STATUSES)).toEqual({ status: "DIVERIFIKASI", statuses: ["DIVERIFIKASI"] });
    expect(statusFilter(at("?status=semua"), SEKRETARIS_STATUSES)).toEqual({ status: "semua", statuses: [...SEKRETARIS_STATUSES] });
    expect(statusFilter(at("?status=DRAF"), SEKRETARIS_STATUSES)).toEqual({ status: "DINILAI", statuses: ["DINILAI"] });
    expect(statusFilter(at("?status=%27%20or%201%3D1"), SEKRETARIS_STATUSES)).toEqual({ status: "DINILAI", statuses: ["DINILAI"] });
  });

  it("takes another default, 'semua' included", () => {
    expect(statusFilter(at(""), SEKRETARIS_STATUSES, "DIVERIFIKASI").status).toBe("DIVERIFIKASI");
    expect(statusFilter(at("?status=nope"), SEKRETARIS_STATUSES, "semua")).toEqual({ status: "semua", statuses: [...SEKRETARIS_STATUSES] });
  });
});
