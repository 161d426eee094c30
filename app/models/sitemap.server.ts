// The sitemap's reads through the public client: security-definer functions over the listed
// animals' and approved shelters' own indexes (supabase/migrations/…_sitemap_reads.sql).
import { BackendError } from '#app/utils/backend.server.ts'
import { SITEMAP_FILE_URLS, sitemapRows, type SitemapFile, type SitemapKind, type SitemapPageReader } from '#app/utils/sitemap.ts'
import { getPublicSupabase } from '#app/utils/supabase.server.ts'

/** The index's files: where each begins, how many URLs and its newest change. */
export async function sitemapFiles(): Promise<{ shelters: SitemapFile[]; animals: SitemapFile[] }> {
  const supabase = getPublicSupabase()
  const [shelters, animals] = await Promise.all([
    supabase.rpc('sitemap_shelter_files', { file_size: SITEMAP_FILE_URLS }),
    supabase.rpc('sitemap_animal_files', { file_size: SITEMAP_FILE_URLS }),
  ])
  if (shelters.error) throw new BackendError('reading the sitemap', shelters.error)
  if (animals.error) throw new BackendError('reading the sitemap', animals.error)
  return { shelters: shelters.data, animals: animals.data }
}

/** One keyset page of a file's rows. */
export function sitemapPageReader(kind: SitemapKind): SitemapPageReader {
  const supabase = getPublicSupabase()
  return async (after, pageSize, inclusive) => {
    const args = { after, page_size: pageSize, inclusive }
    const { data, error } = kind === 'animals' ? await supabase.rpc('sitemap_animals', args) : await supabase.rpc('sitemap_shelters', args)
    if (error) throw new BackendError('reading the sitemap', error)
    return sitemapRows(kind, data)
  }
}
