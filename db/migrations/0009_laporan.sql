CREATE TABLE `laporan` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id_usulan` integer NOT NULL,
	`jenis` text NOT NULL,
	`status` text DEFAULT 'DRAF' NOT NULL,
	`capaian` integer DEFAULT 0 NOT NULL,
	`realisasi` integer DEFAULT 0 NOT NULL,
	`ringkasan` text DEFAULT '' NOT NULL,
	`diajukan_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id_usulan`) REFERENCES `usulan`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `laporan_usulan_jenis_unique` ON `laporan` (`id_usulan`,`jenis`);--> statement-breakpoint
CREATE INDEX `laporan_jenis_status_idx` ON `laporan` (`jenis`,`status`);--> statement-breakpoint
CREATE TABLE `luaran_capaian` (
	`id_luaran` integer PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`judul_publikasi` text DEFAULT '' NOT NULL,
	`nama_wadah` text DEFAULT '' NOT NULL,
	`issn_isbn` text DEFAULT '' NOT NULL,
	`doi_url` text DEFAULT '' NOT NULL,
	`tahun` integer,
	`id_dokumen_bukti` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id_luaran`) REFERENCES `usulan_luaran`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`id_dokumen_bukti`) REFERENCES `usulan_dokumen`(`id`) ON UPDATE no action ON DELETE set null
);
