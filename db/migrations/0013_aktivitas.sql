CREATE TABLE `aktivitas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`waktu` integer NOT NULL,
	`id_user` integer,
	`nama_user` text NOT NULL,
	`aksi` text NOT NULL,
	`entitas` text NOT NULL,
	`id_entitas` text,
	`ringkasan` text,
	`perubahan` text
);
--> statement-breakpoint
CREATE INDEX `aktivitas_waktu_idx` ON `aktivitas` (`waktu`);--> statement-breakpoint
CREATE INDEX `aktivitas_user_idx` ON `aktivitas` (`id_user`,`waktu`);--> statement-breakpoint
CREATE INDEX `aktivitas_entitas_idx` ON `aktivitas` (`entitas`,`waktu`);