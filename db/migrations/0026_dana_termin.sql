CREATE TABLE `pembayaran_dana` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id_usulan` integer NOT NULL,
	`id_termin` integer NOT NULL,
	`tanggal` text NOT NULL,
	`jumlah` integer NOT NULL,
	`nomor_referensi` text NOT NULL,
	`file` text NOT NULL,
	`nama_file` text NOT NULL,
	`ukuran` integer NOT NULL,
	`id_pencatat` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id_usulan`) REFERENCES `usulan`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`id_termin`) REFERENCES `termin_dana`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`id_pencatat`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `pembayaran_dana_usulan_idx` ON `pembayaran_dana` (`id_usulan`,`id_termin`);--> statement-breakpoint
CREATE TABLE `termin_dana` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id_periode` integer NOT NULL,
	`urutan` integer NOT NULL,
	`nama` text NOT NULL,
	`persen` integer NOT NULL,
	`syarat` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id_periode`) REFERENCES `periode`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `termin_dana_periode_urutan_unique` ON `termin_dana` (`id_periode`,`urutan`);