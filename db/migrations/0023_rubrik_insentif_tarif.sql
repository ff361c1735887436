ALTER TABLE `jenis_insentif` ADD `pembagian` text DEFAULT 'per_peran' NOT NULL;--> statement-breakpoint
ALTER TABLE `jenis_insentif` ADD `porsi_utama` integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE `rubrik_kriteria` ADD `panduan` text;--> statement-breakpoint
-- An install seeded before the incentive evaluation read its rubric gets the default insentif
-- checklist (the reviewer's former fixed list), unless its operator already made one. A fresh
-- database (no rubric yet) is left to the start-up seed, which writes every default rubric.
CREATE TEMP TABLE `isi_rubrik_insentif` AS SELECT 1 AS `perlu` WHERE EXISTS (SELECT 1 FROM `rubrik`) AND NOT EXISTS (SELECT 1 FROM `rubrik` WHERE `tahap` = 'insentif');--> statement-breakpoint
INSERT INTO `rubrik` (`jenis`, `tahap`, `nama`) SELECT 'penelitian', 'insentif', 'Evaluasi Klaim Insentif' FROM `isi_rubrik_insentif`;--> statement-breakpoint
INSERT INTO `rubrik_kriteria` (`id_rubrik`, `urutan`, `kriteria`, `bobot`)
SELECT (SELECT `id` FROM `rubrik` WHERE `jenis` = 'penelitian' AND `tahap` = 'insentif'), `butir`.`column1`, `butir`.`column2`, 0
FROM `isi_rubrik_insentif`, (VALUES
  (1, 'Publikasi sesuai jenis dan peringkat yang diklaim'),
  (2, 'Pengusul tercantum sebagai penulis dengan peran yang diklaim'),
  (3, 'Terbit pada tahun periode insentif'),
  (4, 'Bukti publikasi lengkap dan dapat diverifikasi'),
  (5, 'Bukan publikasi yang sudah pernah diberi insentif')
) AS `butir`;--> statement-breakpoint
DROP TABLE `isi_rubrik_insentif`;
