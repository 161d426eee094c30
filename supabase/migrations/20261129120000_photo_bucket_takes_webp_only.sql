-- The animal-photos bucket takes what Pawhaven stores and nothing else (decision 050). Every
-- writer (the animal form, the worker's synced photos, the FTP drop) re-encodes a picture with
-- sharp into a WebP of at most 1600 × 1600 before it uploads it; a worst case (pure noise) is
-- 1.8 MB. Storage checks an upload's declared type against allowed_mime_types and its size
-- against file_size_limit, on localbase and on a hosted project alike, so a member's session
-- that uploads to its shelter's folder directly can store neither a declared PNG or HTML file
-- nor anything over 4 MiB. Storage never reads the bytes: the photo route serves only bytes
-- that are a WebP picture, as image/webp with nosniff.

update storage.buckets
   set allowed_mime_types = array['image/webp'],
       file_size_limit = 4 * 1024 * 1024
 where id = 'animal-photos';
