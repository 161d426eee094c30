-- Photos stored before shelters were teams live in their creator's folder (<user id>/, listed in
-- public.legacy_photo_folders by the previous migration). Storage keeps the bytes (S3 on
-- Supabase), which SQL cannot move, so each such folder gets a background job that moves its
-- objects to <shelter id>/, rewrites the photos' storage_path and then removes the folder from
-- the list (worker/tasks/move-photo-folder.ts). Until it has run, the storage policies and the
-- quota accept the old folder for the shelter's members. One job per folder, deduplicated.
select public.enqueue_job(
         'move_photo_folder',
         jsonb_build_object('shelter_id', l.shelter_id, 'from_folder', l.folder),
         now(),
         'move_photo_folder:' || l.folder)
  from public.legacy_photo_folders l;
