CREATE TABLE `demo_data` (
	`tabel` text NOT NULL,
	`id_baris` integer NOT NULL,
	PRIMARY KEY(`tabel`, `id_baris`)
);
--> statement-breakpoint
-- A database the demo seed filled before this table existed gets its markers here, once: the
-- rows the seed wrote, by the seed's own names, inside the minutes it ran. The seed wrote the
-- shop setting (id 1) first, in the one transaction of the demo shop, before the server served
-- anyone: its created_at (t0) opens the window. The shop's rows follow within seconds (its
-- products dated back by the seed, up to 36 hours), the LPPM demo's within minutes (its
-- proposals and claims dated back: those its accounts wrote before it ended). A row the
-- owner added later falls outside the window; catalogue rows imported before the first start
-- (a shop without the demo) fall before it, and such a shop has no demo names. Rows the owner
-- changed since are marked too: removing the demo keeps those (app/domain/demo/).
WITH t AS (SELECT `created_at` AS t0 FROM `setting` WHERE `id` = 1)
INSERT INTO `demo_data` (`tabel`, `id_baris`) SELECT 'kantor_cabang', `id` FROM `kantor_cabang`, t WHERE `kantor_cabang` IN ('Gudang Jepara', 'Cabang Semarang', 'Cabang Yogyakarta', 'Cabang Surabaya') AND `created_at` BETWEEN t0 AND t0 + 10000;--> statement-breakpoint
WITH t AS (SELECT `created_at` AS t0 FROM `setting` WHERE `id` = 1)
INSERT INTO `demo_data` (`tabel`, `id_baris`) SELECT 'kategori', `id` FROM `kategori`, t WHERE `seo` IN ('kursi-tamu', 'meja-makan', 'lemari', 'tempat-tidur', 'bufet-dan-rak-tv', 'kursi-teras-outdoor', 'dekorasi') AND `created_at` BETWEEN t0 AND t0 + 10000;--> statement-breakpoint
WITH t AS (SELECT `created_at` AS t0 FROM `setting` WHERE `id` = 1)
INSERT INTO `demo_data` (`tabel`, `id_baris`) SELECT 'produk', `id` FROM `produk`, t WHERE `nama_seo` IN ('kursi-tamu-jati-minimalis-ukir', 'sofa-jati-retro-tiga-dudukan', 'set-kursi-tamu-jepara-sudut-l', 'sofa-scandinavian-jati-belanda', 'kursi-tamu-mahoni-klasik-rahwana', 'set-meja-makan-jati-6-kursi', 'meja-makan-bundar-jati-solid', 'meja-makan-trembesi-live-edge', 'set-meja-makan-minimalis-4-kursi', 'meja-makan-lipat-mahoni', 'lemari-pakaian-jati-3-pintu-ukir', 'lemari-pakaian-minimalis-2-pintu', 'lemari-hias-kaca-jati', 'lemari-anak-duco-putih-2-pintu', 'lemari-sliding-jati-modern-4-pintu', 'tempat-tidur-jati-ukir-jepara-180x200', 'dipan-minimalis-jati-160x200', 'ranjang-anak-tingkat-mahoni', 'tempat-tidur-panel-sandaran-jok', 'dipan-laci-sorong-jati-160x200', 'bufet-tv-jati-minimalis-180-cm', 'rak-tv-gantung-jati-belanda', 'bufet-klasik-ukir-jepara-4-laci', 'rak-buku-jati-5-susun', 'meja-tv-retro-kaki-tirus', 'kursi-teras-jati-santai', 'set-kursi-teras-bundar-2-kursi', 'kursi-malas-jati-lipat', 'bangku-taman-jati-150-cm', 'kursi-goyang-jati-klasik', 'cermin-hias-bingkai-ukir-jati', 'pot-tanaman-kayu-jati-berkaki', 'rak-dinding-akar-jati', 'lampu-lantai-kayu-jati', 'set-vas-kayu-jati-bubut-3-pcs', 'pot-lantai-jati-sirih-gading') AND `id_kategori` IN (SELECT `id_baris` FROM `demo_data` WHERE `tabel` = 'kategori') AND `created_at` BETWEEN t0 - 40 * 3600000 AND t0 + 10000;--> statement-breakpoint
WITH t AS (SELECT `created_at` AS t0 FROM `setting` WHERE `id` = 1)
INSERT INTO `demo_data` (`tabel`, `id_baris`) SELECT 'gambar_produk', `id` FROM `gambar_produk`, t WHERE `id_produk` IN (SELECT `id_baris` FROM `demo_data` WHERE `tabel` = 'produk') AND `created_at` = (SELECT p.`created_at` FROM `produk` p WHERE p.`id` = `gambar_produk`.`id_produk`);--> statement-breakpoint
WITH t AS (SELECT `created_at` AS t0 FROM `setting` WHERE `id` = 1)
INSERT INTO `demo_data` (`tabel`, `id_baris`) SELECT 'banner', `id` FROM `banner`, t WHERE `image` LIKE 'banner/%' AND `created_at` BETWEEN t0 AND t0 + 10000 AND EXISTS (SELECT 1 FROM `demo_data` WHERE `tabel` IN ('kantor_cabang', 'kategori'));--> statement-breakpoint
WITH t AS (SELECT `created_at` AS t0 FROM `setting` WHERE `id` = 1)
INSERT INTO `demo_data` (`tabel`, `id_baris`) SELECT 'ulasan', `id` FROM `ulasan`, t WHERE `oleh` IN ('Ibu Ratna, Semarang', 'Bapak Hendra, Surabaya', 'Mbak Dinda, Yogyakarta', 'Bapak Wayan, Sleman', 'Ibu Sari, Kudus', 'Bapak Agus, Demak', 'Ibu Maya, Salatiga') AND `created_at` BETWEEN t0 AND t0 + 10000;--> statement-breakpoint
WITH t AS (SELECT `created_at` AS t0 FROM `setting` WHERE `id` = 1)
INSERT INTO `demo_data` (`tabel`, `id_baris`) SELECT 'galeri', `id` FROM `galeri`, t WHERE `gambar` LIKE 'galeri/%' AND `created_at` BETWEEN t0 AND t0 + 10000 AND EXISTS (SELECT 1 FROM `demo_data` WHERE `tabel` IN ('kantor_cabang', 'kategori'));--> statement-breakpoint
WITH t AS (SELECT `created_at` AS t0 FROM `setting` WHERE `id` = 1)
INSERT INTO `demo_data` (`tabel`, `id_baris`) SELECT 'profil', `id` FROM `profil`, t WHERE `foto` LIKE 'profil/%' AND `created_at` BETWEEN t0 AND t0 + 10000 AND EXISTS (SELECT 1 FROM `demo_data` WHERE `tabel` IN ('kantor_cabang', 'kategori'));--> statement-breakpoint
WITH t AS (SELECT `created_at` AS t0 FROM `setting` WHERE `id` = 1)
INSERT INTO `demo_data` (`tabel`, `id_baris`) SELECT 'users', `id` FROM `users`, t WHERE `username` IN ('kepala.lppm', 'sekretaris.lppm', 'verifikator.ft', 'verifikator.feb', 'reviewer.internal', 'reviewer.ekonomi', 'reviewer.external', 'dosen.ahmad', 'dosen.siti', 'dosen.budi', 'dosen.dewi', 'dosen.eko', 'dosen.fitri', 'dosen.gilang', 'dosen.hana') AND `created_at` BETWEEN t0 AND t0 + 600000;--> statement-breakpoint
WITH t AS (SELECT `created_at` AS t0 FROM `setting` WHERE `id` = 1)
INSERT INTO `demo_data` (`tabel`, `id_baris`) SELECT 'usulan', `id` FROM `usulan`, t WHERE `id_ketua` IN (SELECT `id_baris` FROM `demo_data` WHERE `tabel` = 'users') AND `created_at` <= t0 + 600000;--> statement-breakpoint
WITH t AS (SELECT `created_at` AS t0 FROM `setting` WHERE `id` = 1)
INSERT INTO `demo_data` (`tabel`, `id_baris`) SELECT 'insentif', `id` FROM `insentif`, t WHERE `id_pengusul` IN (SELECT `id_baris` FROM `demo_data` WHERE `tabel` = 'users') AND `created_at` <= t0 + 600000;--> statement-breakpoint
WITH t AS (SELECT `created_at` AS t0 FROM `setting` WHERE `id` = 1)
INSERT INTO `demo_data` (`tabel`, `id_baris`) SELECT 'fakultas', `id` FROM `fakultas`, t WHERE `nama` IN ('Fakultas Teknik', 'Fakultas Ekonomi dan Bisnis') AND `created_at` BETWEEN t0 AND t0 + 600000;--> statement-breakpoint
WITH t AS (SELECT `created_at` AS t0 FROM `setting` WHERE `id` = 1)
INSERT INTO `demo_data` (`tabel`, `id_baris`) SELECT 'prodi', `id` FROM `prodi`, t WHERE `id_fakultas` IN (SELECT `id_baris` FROM `demo_data` WHERE `tabel` = 'fakultas') AND `nama` IN ('Teknik Informatika', 'Sistem Informasi', 'Manajemen', 'Akuntansi') AND `created_at` BETWEEN t0 AND t0 + 600000;--> statement-breakpoint
WITH t AS (SELECT `created_at` AS t0 FROM `setting` WHERE `id` = 1)
INSERT INTO `demo_data` (`tabel`, `id_baris`) SELECT 'skema', `id` FROM `skema`, t WHERE `nama` IN ('Penelitian Dasar Internal', 'Pengabdian kepada Masyarakat Internal') AND `created_at` BETWEEN t0 AND t0 + 600000;--> statement-breakpoint
WITH t AS (SELECT `created_at` AS t0 FROM `setting` WHERE `id` = 1)
INSERT INTO `demo_data` (`tabel`, `id_baris`) SELECT 'periode', `id` FROM `periode`, t WHERE `id_skema` IN (SELECT `id_baris` FROM `demo_data` WHERE `tabel` = 'skema') AND `created_at` BETWEEN t0 AND t0 + 600000;--> statement-breakpoint
WITH t AS (SELECT `created_at` AS t0 FROM `setting` WHERE `id` = 1)
INSERT INTO `demo_data` (`tabel`, `id_baris`) SELECT 'penetapan', `id` FROM `penetapan`, t WHERE `id_periode` IN (SELECT `id_baris` FROM `demo_data` WHERE `tabel` = 'periode') AND `id_user` IN (SELECT `id_baris` FROM `demo_data` WHERE `tabel` = 'users') AND `created_at` BETWEEN t0 AND t0 + 600000;--> statement-breakpoint
WITH t AS (SELECT `created_at` AS t0 FROM `setting` WHERE `id` = 1)
INSERT INTO `demo_data` (`tabel`, `id_baris`) SELECT 'jenis_insentif', `id` FROM `jenis_insentif`, t WHERE `created_at` BETWEEN t0 AND t0 + 600000 AND EXISTS (SELECT 1 FROM `demo_data` WHERE `tabel` = 'users');--> statement-breakpoint
WITH t AS (SELECT `created_at` AS t0 FROM `setting` WHERE `id` = 1)
INSERT INTO `demo_data` (`tabel`, `id_baris`) SELECT 'periode_insentif', `id` FROM `periode_insentif`, t WHERE `created_at` BETWEEN t0 AND t0 + 600000 AND EXISTS (SELECT 1 FROM `demo_data` WHERE `tabel` = 'users');--> statement-breakpoint
WITH t AS (SELECT `created_at` AS t0 FROM `setting` WHERE `id` = 1)
INSERT INTO `demo_data` (`tabel`, `id_baris`) SELECT 'penetapan_insentif', `id` FROM `penetapan_insentif`, t WHERE `id_periode` IN (SELECT `id_baris` FROM `demo_data` WHERE `tabel` = 'periode_insentif') AND `id_user` IN (SELECT `id_baris` FROM `demo_data` WHERE `tabel` = 'users');
