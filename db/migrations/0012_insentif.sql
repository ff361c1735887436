CREATE TABLE `insentif` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id_periode` integer NOT NULL,
	`id_pengusul` integer NOT NULL,
	`id_jenis` integer NOT NULL,
	`status` text DEFAULT 'DRAF' NOT NULL,
	`judul` text NOT NULL,
	`nama_wadah` text NOT NULL,
	`issn_isbn` text DEFAULT '' NOT NULL,
	`doi_url` text DEFAULT '' NOT NULL,
	`tahun` integer NOT NULL,
	`volume_nomor` text DEFAULT '' NOT NULL,
	`peran` text NOT NULL,
	`jumlah_penulis` integer NOT NULL,
	`doi_kunci` text DEFAULT '' NOT NULL,
	`judul_kunci` text DEFAULT '' NOT NULL,
	`id_luaran` integer,
	`id_reviewer` integer,
	`tenggat` integer,
	`evaluasi` text,
	`nominal_rekomendasi` integer,
	`catatan_evaluasi` text,
	`dievaluasi_at` integer,
	`nominal_disetujui` integer,
	`id_penetapan` integer,
	`diajukan_at` integer,
	`dicairkan_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id_periode`) REFERENCES `periode_insentif`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`id_pengusul`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`id_jenis`) REFERENCES `jenis_insentif`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`id_luaran`) REFERENCES `usulan_luaran`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`id_reviewer`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`id_penetapan`) REFERENCES `penetapan_insentif`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `insentif_pengusul_idx` ON `insentif` (`id_pengusul`,`status`);--> statement-breakpoint
CREATE INDEX `insentif_status_idx` ON `insentif` (`status`,`id_periode`);--> statement-breakpoint
CREATE INDEX `insentif_reviewer_idx` ON `insentif` (`id_reviewer`,`status`);--> statement-breakpoint
CREATE INDEX `insentif_doi_idx` ON `insentif` (`doi_kunci`);--> statement-breakpoint
CREATE INDEX `insentif_judul_idx` ON `insentif` (`judul_kunci`);--> statement-breakpoint
CREATE TABLE `insentif_bukti` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id_insentif` integer NOT NULL,
	`file` text NOT NULL,
	`nama_file` text NOT NULL,
	`ukuran` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id_insentif`) REFERENCES `insentif`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `insentif_bukti_insentif_idx` ON `insentif_bukti` (`id_insentif`);--> statement-breakpoint
CREATE TABLE `jenis_insentif` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`jenis` text NOT NULL,
	`peringkat` text DEFAULT '-' NOT NULL,
	`tarif_utama` integer NOT NULL,
	`tarif_anggota` integer DEFAULT 0 NOT NULL,
	`anggota_boleh` integer DEFAULT false NOT NULL,
	`aturan` text DEFAULT '' NOT NULL,
	`aktif` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jenis_insentif_unique` ON `jenis_insentif` (`jenis`,`peringkat`);--> statement-breakpoint
CREATE TABLE `penetapan_insentif` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id_periode` integer NOT NULL,
	`nomor_sk` text NOT NULL,
	`tanggal_sk` integer NOT NULL,
	`id_user` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id_periode`) REFERENCES `periode_insentif`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `penetapan_insentif_periode_idx` ON `penetapan_insentif` (`id_periode`);--> statement-breakpoint
CREATE TABLE `periode_insentif` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tahun` integer NOT NULL,
	`anggaran_total` integer NOT NULL,
	`pengajuan_buka` integer,
	`pengajuan_tutup` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `periode_insentif_tahun_unique` ON `periode_insentif` (`tahun`);