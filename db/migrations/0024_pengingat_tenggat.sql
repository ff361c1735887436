CREATE TABLE `eskalasi_usulan` (
	`id_usulan` integer NOT NULL,
	`jenis` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`id_usulan`, `jenis`),
	FOREIGN KEY (`id_usulan`) REFERENCES `usulan`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `insentif` ADD `pengingat_at` integer;--> statement-breakpoint
ALTER TABLE `insentif` ADD `eskalasi_at` integer;--> statement-breakpoint
ALTER TABLE `monev` ADD `pengingat_at` integer;--> statement-breakpoint
ALTER TABLE `monev` ADD `eskalasi_at` integer;