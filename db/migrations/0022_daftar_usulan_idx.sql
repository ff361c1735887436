CREATE INDEX `users_prodi_idx` ON `users` (`id_prodi`);--> statement-breakpoint
CREATE INDEX `usulan_updated_idx` ON `usulan` (`updated_at`);