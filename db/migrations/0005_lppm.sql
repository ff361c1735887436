CREATE TABLE `fakultas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nama` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fakultas_nama_unique` ON `fakultas` (`nama`);--> statement-breakpoint
CREATE TABLE `penetapan` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id_periode` integer NOT NULL,
	`nomor_sk` text NOT NULL,
	`tanggal_sk` integer NOT NULL,
	`id_user` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id_periode`) REFERENCES `periode`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `penetapan_periode_idx` ON `penetapan` (`id_periode`);--> statement-breakpoint
CREATE TABLE `penilaian_item` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id_penugasan` integer NOT NULL,
	`tahap` text NOT NULL,
	`kriteria` text NOT NULL,
	`urutan` integer NOT NULL,
	`bobot` integer DEFAULT 0 NOT NULL,
	`lolos` integer,
	`skor` integer,
	`nilai` integer,
	`justifikasi` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`id_penugasan`) REFERENCES `penugasan_reviewer`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `penilaian_item_unique` ON `penilaian_item` (`id_penugasan`,`tahap`,`urutan`);--> statement-breakpoint
CREATE TABLE `penugasan_reviewer` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id_usulan` integer NOT NULL,
	`id_reviewer` integer NOT NULL,
	`putaran` integer NOT NULL,
	`tenggat` integer NOT NULL,
	`administrasi_lolos` integer,
	`administrasi_catatan` text,
	`administrasi_at` integer,
	`total_nilai` integer,
	`rekomendasi` text,
	`dana_rekomendasi` integer,
	`catatan` text,
	`substansi_at` integer,
	`pengingat_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id_usulan`) REFERENCES `usulan`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`id_reviewer`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `penugasan_reviewer_unique` ON `penugasan_reviewer` (`id_usulan`,`putaran`,`id_reviewer`);--> statement-breakpoint
CREATE INDEX `penugasan_reviewer_reviewer_idx` ON `penugasan_reviewer` (`id_reviewer`,`putaran`,`tenggat`);--> statement-breakpoint
CREATE TABLE `periode` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tahun` integer NOT NULL,
	`id_skema` integer NOT NULL,
	`sumber_dana` text DEFAULT '' NOT NULL,
	`anggaran_total` integer NOT NULL,
	`kuota_judul` integer NOT NULL,
	`maks_ketua` integer DEFAULT 1 NOT NULL,
	`maks_anggota` integer DEFAULT 2 NOT NULL,
	`pengajuan_buka` integer,
	`pengajuan_tutup` integer,
	`review_buka` integer,
	`review_tutup` integer,
	`penetapan_buka` integer,
	`penetapan_tutup` integer,
	`perbaikan_buka` integer,
	`perbaikan_tutup` integer,
	`laporan_kemajuan_buka` integer,
	`laporan_kemajuan_tutup` integer,
	`monev_buka` integer,
	`monev_tutup` integer,
	`laporan_akhir_buka` integer,
	`laporan_akhir_tutup` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id_skema`) REFERENCES `skema`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `periode_skema_idx` ON `periode` (`id_skema`,`tahun`);--> statement-breakpoint
CREATE TABLE `prodi` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id_fakultas` integer NOT NULL,
	`nama` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id_fakultas`) REFERENCES `fakultas`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `prodi_fakultas_nama_unique` ON `prodi` (`id_fakultas`,`nama`);--> statement-breakpoint
CREATE TABLE `rubrik` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`jenis` text NOT NULL,
	`tahap` text NOT NULL,
	`nama` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rubrik_jenis_tahap_unique` ON `rubrik` (`jenis`,`tahap`);--> statement-breakpoint
CREATE TABLE `rubrik_kriteria` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id_rubrik` integer NOT NULL,
	`urutan` integer NOT NULL,
	`kriteria` text NOT NULL,
	`bobot` integer DEFAULT 0 NOT NULL,
	`deskripsi_skor` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id_rubrik`) REFERENCES `rubrik`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `rubrik_kriteria_rubrik_idx` ON `rubrik_kriteria` (`id_rubrik`,`urutan`);--> statement-breakpoint
CREATE TABLE `skema` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`jenis` text NOT NULL,
	`nama` text NOT NULL,
	`dana_maksimal` integer NOT NULL,
	`honor_maks_persen` integer DEFAULT 10 NOT NULL,
	`min_jabatan` text,
	`max_anggota_dosen` integer DEFAULT 2 NOT NULL,
	`wajib_mahasiswa` integer DEFAULT 0 NOT NULL,
	`luaran_wajib` text DEFAULT '[]' NOT NULL,
	`tkt_min` integer,
	`tkt_max` integer,
	`wajib_mitra` integer DEFAULT false NOT NULL,
	`reviewer_lain_prodi` integer DEFAULT false NOT NULL,
	`review_buta` integer DEFAULT false NOT NULL,
	`aktif` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `skema_jenis_nama_unique` ON `skema` (`jenis`,`nama`);--> statement-breakpoint
CREATE TABLE `template_unduhan` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`judul` text NOT NULL,
	`file` text NOT NULL,
	`nama_file` text NOT NULL,
	`ukuran` integer NOT NULL,
	`tanggal_versi` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `usulan` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id_periode` integer NOT NULL,
	`jenis` text NOT NULL,
	`id_ketua` integer NOT NULL,
	`status` text DEFAULT 'DRAF' NOT NULL,
	`judul` text NOT NULL,
	`ringkasan` text DEFAULT '' NOT NULL,
	`kata_kunci` text DEFAULT '[]' NOT NULL,
	`bidang_fokus` text DEFAULT '' NOT NULL,
	`tkt` integer,
	`mitra_nama` text DEFAULT '' NOT NULL,
	`mitra_alamat` text DEFAULT '' NOT NULL,
	`mitra_kontak` text DEFAULT '' NOT NULL,
	`lama_bulan` integer DEFAULT 12 NOT NULL,
	`dana_diusulkan` integer DEFAULT 0 NOT NULL,
	`dana_disetujui` integer,
	`putaran_review` integer DEFAULT 0 NOT NULL,
	`nilai_rata` real,
	`id_penetapan` integer,
	`diajukan_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id_periode`) REFERENCES `periode`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`id_ketua`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`id_penetapan`) REFERENCES `penetapan`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `usulan_ketua_idx` ON `usulan` (`id_ketua`,`jenis`,`status`);--> statement-breakpoint
CREATE INDEX `usulan_periode_idx` ON `usulan` (`id_periode`,`status`);--> statement-breakpoint
CREATE INDEX `usulan_status_idx` ON `usulan` (`status`,`jenis`,`id`);--> statement-breakpoint
CREATE TABLE `usulan_anggota` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id_usulan` integer NOT NULL,
	`id_user` integer NOT NULL,
	`peran` text DEFAULT 'Anggota' NOT NULL,
	`status_undangan` text DEFAULT 'MENUNGGU' NOT NULL,
	`dijawab_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id_usulan`) REFERENCES `usulan`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`id_user`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `usulan_anggota_unique` ON `usulan_anggota` (`id_usulan`,`id_user`);--> statement-breakpoint
CREATE INDEX `usulan_anggota_user_idx` ON `usulan_anggota` (`id_user`,`status_undangan`);--> statement-breakpoint
CREATE TABLE `usulan_dokumen` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id_usulan` integer NOT NULL,
	`ronde` text NOT NULL,
	`versi` integer NOT NULL,
	`file` text NOT NULL,
	`nama_file` text NOT NULL,
	`ukuran` integer NOT NULL,
	`id_pengunggah` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id_usulan`) REFERENCES `usulan`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `usulan_dokumen_versi_unique` ON `usulan_dokumen` (`id_usulan`,`ronde`,`versi`);--> statement-breakpoint
CREATE TABLE `usulan_luaran` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id_usulan` integer NOT NULL,
	`jenis` text NOT NULL,
	`target` text NOT NULL,
	`keterangan` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id_usulan`) REFERENCES `usulan`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `usulan_luaran_usulan_idx` ON `usulan_luaran` (`id_usulan`);--> statement-breakpoint
CREATE TABLE `usulan_mahasiswa` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id_usulan` integer NOT NULL,
	`nama` text NOT NULL,
	`nim` text NOT NULL,
	`prodi` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id_usulan`) REFERENCES `usulan`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `usulan_mahasiswa_unique` ON `usulan_mahasiswa` (`id_usulan`,`nim`);--> statement-breakpoint
CREATE TABLE `usulan_rab` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id_usulan` integer NOT NULL,
	`tahap` text DEFAULT 'usulan' NOT NULL,
	`kelompok` text NOT NULL,
	`item` text NOT NULL,
	`satuan` text NOT NULL,
	`volume` integer NOT NULL,
	`harga_satuan` integer NOT NULL,
	`jumlah` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id_usulan`) REFERENCES `usulan`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `usulan_rab_usulan_idx` ON `usulan_rab` (`id_usulan`,`tahap`);--> statement-breakpoint
ALTER TABLE `setting` ADD `modul_lppm` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `id_prodi` integer REFERENCES prodi(id);--> statement-breakpoint
ALTER TABLE `users` ADD `bidang_keahlian` text;--> statement-breakpoint
ALTER TABLE `users` ADD `sinta_id` text;--> statement-breakpoint
ALTER TABLE `users` ADD `id_fakultas_verifikasi` integer REFERENCES fakultas(id);