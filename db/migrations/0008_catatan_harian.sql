CREATE TABLE `catatan_harian` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id_usulan` integer NOT NULL,
	`id_penulis` integer NOT NULL,
	`tanggal` text NOT NULL,
	`kegiatan` text NOT NULL,
	`capaian` integer NOT NULL,
	`kelompok` text NOT NULL,
	`biaya` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id_usulan`) REFERENCES `usulan`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`id_penulis`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `catatan_harian_usulan_idx` ON `catatan_harian` (`id_usulan`,`tanggal`);--> statement-breakpoint
CREATE TABLE `catatan_harian_bukti` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id_catatan` integer NOT NULL,
	`file` text NOT NULL,
	`nama_file` text NOT NULL,
	`ukuran` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id_catatan`) REFERENCES `catatan_harian`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `catatan_harian_bukti_catatan_idx` ON `catatan_harian_bukti` (`id_catatan`);