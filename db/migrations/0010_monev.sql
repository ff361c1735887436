CREATE TABLE `monev` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id_usulan` integer NOT NULL,
	`id_reviewer` integer NOT NULL,
	`status` text DEFAULT 'DITUGASKAN' NOT NULL,
	`tenggat` integer NOT NULL,
	`total_nilai` real,
	`catatan` text,
	`berita_acara_file` text,
	`berita_acara_nama` text,
	`berita_acara_ukuran` integer,
	`dinilai_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id_usulan`) REFERENCES `usulan`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`id_reviewer`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `monev_usulan_unique` ON `monev` (`id_usulan`);--> statement-breakpoint
CREATE INDEX `monev_reviewer_idx` ON `monev` (`id_reviewer`,`status`);--> statement-breakpoint
CREATE TABLE `monev_item` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id_monev` integer NOT NULL,
	`urutan` integer NOT NULL,
	`kriteria` text NOT NULL,
	`bobot` integer NOT NULL,
	`skor` integer NOT NULL,
	FOREIGN KEY (`id_monev`) REFERENCES `monev`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `monev_item_unique` ON `monev_item` (`id_monev`,`urutan`);