CREATE TABLE `pengingat_laporan` (
	`id_usulan` integer NOT NULL,
	`jenis` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`id_usulan`, `jenis`),
	FOREIGN KEY (`id_usulan`) REFERENCES `usulan`(`id`) ON UPDATE no action ON DELETE cascade
);
