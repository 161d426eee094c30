-- The sitemap's reads (/sitemap.xml and its files): every listed animal and every approved
-- shelter with the time it last changed, in keyset pages over an index that holds exactly
-- those rows, so one file of 50,000 URLs is a few index-only range scans however many
-- listings there are. See docs/decisions/052-findable-and-shareable.md.

-- Listed animals by id, carrying updated_at: the files' pages and the index's boundaries read
-- this index alone (index-only scans), never the table.
create index animals_sitemap_idx on public.animals (id) include (updated_at) where listed;
-- Approved shelters by id, with their slug and updated_at, for the same reads.
create index shelter_profiles_sitemap_idx on public.shelter_profiles (id) include (slug, updated_at) where meeting_completed;

-- The sitemap index's animal files: every listed animal numbered in id order, cut into files
-- of file_size; each file named by its first id, with its count and its newest change.
create or replace function public.sitemap_animal_files(file_size integer default 50000)
returns table (first_id uuid, urls bigint, last_modified timestamptz)
language sql stable security definer set search_path = '' as $$
  select (array_agg(n.id) filter (where n.position % greatest(least(sitemap_animal_files.file_size, 50000), 1) = 0))[1],
         count(*), max(n.updated_at)
    from (select a.id, a.updated_at, row_number() over (order by a.id) - 1 as position
            from public.animals a
           where a.listed) n
   group by n.position / greatest(least(sitemap_animal_files.file_size, 50000), 1)
   order by 1
$$;

-- One page of a file: listed animals from `after` on (inclusive for a file's first page), in
-- id order, at most 10,000 a call, as one JSON array of [id, updated_at] pairs: a single
-- value, so the API's row limit (max_rows) does not cut it, and compact on the wire.
create or replace function public.sitemap_animals(after uuid, page_size integer default 10000, inclusive boolean default false)
returns json
language sql stable security definer set search_path = '' as $$
  select coalesce(json_agg(json_build_array(p.id, p.updated_at) order by p.id), '[]'::json)
    from (select a.id, a.updated_at
            from public.animals a
           where a.listed
             and a.id >= sitemap_animals.after and (sitemap_animals.inclusive or a.id <> sitemap_animals.after)
           order by a.id
           limit greatest(least(sitemap_animals.page_size, 10000), 0)) p
$$;

create or replace function public.sitemap_shelter_files(file_size integer default 50000)
returns table (first_id uuid, urls bigint, last_modified timestamptz)
language sql stable security definer set search_path = '' as $$
  select (array_agg(n.id) filter (where n.position % greatest(least(sitemap_shelter_files.file_size, 50000), 1) = 0))[1],
         count(*), max(n.updated_at)
    from (select s.id, s.updated_at, row_number() over (order by s.id) - 1 as position
            from public.shelter_profiles s
           where s.meeting_completed) n
   group by n.position / greatest(least(sitemap_shelter_files.file_size, 50000), 1)
   order by 1
$$;

-- The same for approved shelters: [id, slug, updated_at] triples.
create or replace function public.sitemap_shelters(after uuid, page_size integer default 10000, inclusive boolean default false)
returns json
language sql stable security definer set search_path = '' as $$
  select coalesce(json_agg(json_build_array(p.id, p.slug, p.updated_at) order by p.id), '[]'::json)
    from (select s.id, s.slug, s.updated_at
            from public.shelter_profiles s
           where s.meeting_completed
             and s.id >= sitemap_shelters.after and (sitemap_shelters.inclusive or s.id <> sitemap_shelters.after)
           order by s.id
           limit greatest(least(sitemap_shelters.page_size, 10000), 0)) p
$$;

revoke execute on function public.sitemap_animal_files, public.sitemap_animals, public.sitemap_shelter_files, public.sitemap_shelters from public;
grant execute on function public.sitemap_animal_files, public.sitemap_animals, public.sitemap_shelter_files, public.sitemap_shelters
  to anon, authenticated, service_role;
