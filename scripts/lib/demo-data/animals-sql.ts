// SQL that makes the demo animals and their pictures, in one set-based pass: every attribute
// of animal n comes from pg_temp.demo_random(n, salt), so the same n is the same animal on
// every machine. Uses the demo_shelters table made by sheltersSql().
import { sqlIntArray, sqlText, sqlTextArray, fillPlaceholders, weightedSlots } from '#scripts/lib/demo-data/sql-text.ts'
import { ANIMAL_TYPES } from '#app/utils/vocabulary.ts'
import { KINDS, TYPE_WEIGHTS } from '#scripts/lib/demo-data/vocabulary.ts'
import {
  CLOSINGS,
  GOOD_WITH_SENTENCES,
  OPENERS,
  PERSONALITY,
  PET_NAMES,
  SPECIAL_NEEDS_NOTES,
  TYPES_GOOD_WITH_PETS,
  TYPES_VACCINATED,
} from '#scripts/lib/demo-data/words.ts'

/** Kinds drawn in a second scene too; some of their listings get it as a second photo. */
export const KINDS_WITH_SECOND_SCENE = ['dog-floppy', 'dog-pointy', 'cat']

const BREED_SLOTS = 2000

type BreedRow = {
  type: string
  kind: string
  breed: string
  size: string
  coat: string | null
  colours: (typeof KINDS)[number]['colours']
  fee: [number, number]
  share: number
}

function breedRows(): BreedRow[] {
  const typeTotal = Object.values(TYPE_WEIGHTS).reduce((a, b) => a + b, 0)
  return KINDS.flatMap((kind) => {
    const kindTotal = KINDS.filter((other) => other.type === kind.type).reduce((sum, other) => sum + other.weight, 0)
    return kind.breeds.map((breed) => ({
      type: kind.type,
      kind: kind.kind,
      breed: breed.name,
      size: breed.size,
      coat: breed.coat ?? kind.coats[0] ?? null,
      colours: breed.colours ? kind.colours.filter((colour) => breed.colours!.includes(colour.key)) : kind.colours,
      fee: kind.feeRange,
      share: ((TYPE_WEIGHTS[kind.type] / typeTotal) * (kind.weight / kindTotal)) / kind.breeds.length,
    }))
  })
}

/** "Parakeet (Other)" → "Parakeet", "Budgie/Budgerigar" → "Budgie": how the breed reads in a sentence. */
function breedPhrase(breed: string): string {
  return breed.replace(/\s*\(.*\)$/, '').split(/\s*\/\s*/)[0]!
}

export function animalsSql({ animals, shelters, allAvailable }: { animals: number; shelters: number; allAvailable: boolean }): string {
  const rows = breedRows()
  const slots = weightedSlots(
    rows.map((row) => row.share),
    BREED_SLOTS,
  ).map((index) => index + 1)
  const breedValues = rows
    .map(
      (row, index) =>
        `(${index + 1}, ${sqlText(row.type)}, ${sqlText(row.kind)}, ${sqlText(row.breed)}, ${sqlText(breedPhrase(row.breed))}, ` +
        `${sqlText(row.size)}, ${sqlText(row.coat)}, ${sqlTextArray(row.colours.map((colour) => colour.label))}, ` +
        `${sqlTextArray(row.colours.map((colour) => colour.key))}, ${row.fee[0]}, ${row.fee[1]})`,
    )
    .join(',\n  ')
  const personalityValues = ANIMAL_TYPES.map(
    (type) => `(${sqlText(type)}, ${sqlTextArray(PERSONALITY[type] ?? [])}, ${sqlTextArray(SPECIAL_NEEDS_NOTES[type])})`,
  ).join(',\n  ')
  // An animal of the flag's own kind is told of the others ('the only dog'); every other, plainly.
  const goodWith = (flag: keyof typeof GOOD_WITH_SENTENCES, column: string) => {
    const { yes, no, sameKind } = GOOD_WITH_SENTENCES[flag]
    const plain = `case ${column} when 'yes' then ${sqlText(yes)} when 'no' then ${sqlText(no)} end`
    if (!sameKind) return plain
    return `case when w.type = ${sqlText(sameKind.type)} then (case ${column} when 'yes' then ${sqlText(sameKind.yes)} when 'no' then ${sqlText(sameKind.no)} end) else ${plain} end`
  }
  const description = fillPlaceholders('w.template', {
    name: 'w.name',
    He: 'initcap(w.he)',
    he: 'w.he',
    him: 'w.him',
    his: 'w.his',
    His: 'initcap(w.his)',
    article: "case w.age_group when 'adult' then 'an' else 'a' end",
    age: 'w.age_group',
    breed: "w.phrase || case when w.mixed_breed then ' mix' else '' end",
  })

  return `
-- Breeds with their type, kind (the drawing), typical size and coat, and the colours they come
-- in; one lookup in ${BREED_SLOTS} weighted slots picks type, kind and breed in the demo's shares.
create temp table demo_breeds (id integer primary key, type text, kind text, breed text, phrase text, size text, coat text,
                               colour_labels text[], colour_keys text[], fee_min integer, fee_max integer);
insert into demo_breeds values
  ${breedValues};

create temp table demo_personality (type text primary key, sentences text[], special_needs_notes text[]);
insert into demo_personality values
  ${personalityValues};

create temp table demo_animals as
with draws as (
  select n, ${Array.from({ length: 27 }, (_, salt) => `pg_temp.demo_random(n, ${salt + 1}) as r${salt + 1}`).join(', ')}
    from generate_series(1, ${animals}) as n
),
picks as (
  select d.*,
         md5('pawhaven-demo-animal-' || d.n)::uuid as id,
         s.id as shelter_id,
         s.user_id as owner_id,
         s.latitude,
         s.longitude,
         b.type, b.kind, b.breed, b.phrase, b.size, b.coat, b.colour_labels, b.colour_keys, b.fee_min, b.fee_max,
         other.breed as other_breed,
         1 + floor(d.r3 * cardinality(b.colour_keys))::int as colour,
         pg_temp.demo_pick(${sqlTextArray(PET_NAMES)}, d.r4) as name,
         case when d.r5 < 0.35 then 'young' when d.r5 < 0.8 then 'adult' else 'senior' end as age_group,
         case when b.type not in ('bird', 'reptile', 'other') then (case when d.r7 < 0.5 then 'male' else 'female' end)
              when d.r7 < 0.4 then 'male' when d.r7 < 0.8 then 'female' else 'unknown' end as sex,
         d.r8 < case b.type when 'dog' then 0.55 when 'cat' then 0.05 else 0.1 end as mixed_breed
    from draws d
    join demo_breeds b on b.id = (${sqlIntArray(slots)})[1 + floor(d.r1 * ${BREED_SLOTS})::int]
    join demo_shelters s on s.n = 1 + floor(d.r2 * ${shelters})::int
    left join demo_breeds other on other.id = (${sqlIntArray(slots)})[1 + floor(d.r9 * ${BREED_SLOTS})::int]
         and other.type = b.type and other.breed <> b.breed
),
facts as (
  select p.*,
         case when p.type in ('dog', 'cat') then array['yes', 'yes', 'yes', 'no', 'unknown', 'unknown']
              else array['yes', 'no', 'unknown', 'unknown', 'unknown', 'unknown'] end as answers,
         p.r12 < case when p.type in ('dog', 'cat') then (case p.age_group when 'young' then 0.4 else 0.85 end)
                      when p.type = 'rabbit' then 0.5 else 0 end as house_trained,
         p.r13 < case when p.type in ('dog', 'cat', 'rabbit') then 0.85 when p.type = 'horse' then 0.3 else 0 end
           and p.sex <> 'unknown' as spayed_neutered,
         p.r14 < case when p.type in ('dog', 'cat') then 0.9 when p.type = any (${sqlTextArray(TYPES_VACCINATED)}) then 0.4 else 0 end
           as vaccinations_current,
         p.r15 < 0.06 as special_needs,
         case when ${allAvailable} or p.r16 < 0.86 then 'available' when p.r16 < 0.93 then 'pending'
              when p.r16 < 0.98 then 'adopted' else 'archived' end as status,
         now() - make_interval(secs => floor(p.r17 * 120 * 86400)::int) as published_at,
         case p.sex when 'male' then 'he' when 'female' then 'she' else 'it' end as he,
         case p.sex when 'male' then 'him' when 'female' then 'her' else 'it' end as him,
         case p.sex when 'male' then 'his' when 'female' then 'her' else 'its' end as his
    from picks p
),
worded as (
  select f.*,
         pg_temp.demo_pick(f.answers, f.r10) as good_with_children,
         -- Fish, frogs, birds and reptiles are not asked about dogs and cats.
         case when f.type = any (${sqlTextArray(TYPES_GOOD_WITH_PETS)}) then pg_temp.demo_pick(f.answers, f.r11) else 'unknown' end
           as good_with_dogs,
         case when f.type = any (${sqlTextArray(TYPES_GOOD_WITH_PETS)}) then pg_temp.demo_pick(f.answers, f.r18) else 'unknown' end
           as good_with_cats,
         array_remove(array[
           case when f.spayed_neutered then (case f.sex when 'male' then 'neutered' else 'spayed' end) end,
           case when f.vaccinations_current then 'up to date on vaccinations' end,
           case when f.house_trained then 'house-trained' end], null) as care,
         case when f.special_needs then pg_temp.demo_pick(personality.special_needs_notes, f.r19) end as special_needs_notes,
         personality.sentences
    from facts f
    join demo_personality personality on personality.type = f.type
),
templated as (
  select w.*,
         concat_ws(E'\\n\\n',
           concat_ws(' ',
             pg_temp.demo_pick(${sqlTextArray(OPENERS)}, w.r20),
             w.sentences[1 + floor(w.r21 * cardinality(w.sentences))::int],
             -- A different second sentence: the next one round the list.
             w.sentences[1 + (floor(w.r21 * cardinality(w.sentences))::int + 1 + floor(w.r22 * (cardinality(w.sentences) - 1))::int)
                             % cardinality(w.sentences)]),
           nullif(concat_ws(' ',
             ${goodWith('children', 'w.good_with_children')},
             ${goodWith('dogs', 'w.good_with_dogs')},
             ${goodWith('cats', 'w.good_with_cats')},
             case cardinality(w.care) when 0 then null when 1 then '{name} is ' || w.care[1] || '.'
                  else '{name} is ' || array_to_string(w.care[1:cardinality(w.care) - 1], ', ') || ' and '
                       || w.care[cardinality(w.care)] || '.' end), ''),
           concat_ws(' ',
             'Good to know: ' || w.special_needs_notes,
             pg_temp.demo_pick(${sqlTextArray(CLOSINGS)}, w.r23))) as template
    from worded w
)
select w.id, w.shelter_id, w.owner_id, w.latitude, w.longitude, w.name, w.type, w.kind, w.breed as primary_breed,
       case when w.mixed_breed and w.r8 < 0.3 then w.other_breed end as secondary_breed,
       w.mixed_breed, w.age_group,
       case when w.r6 < 0.6 then (current_date - make_interval(months => case w.age_group
         when 'young' then 2 + floor(w.r24 * 22)::int
         when 'adult' then 36 + floor(w.r24 * 59)::int
         else 96 + floor(w.r24 * 72)::int end))::date end as birth_date,
       w.sex, w.size,
       w.colour_labels[w.colour] as primary_color,
       case when w.r25 < 0.3 and cardinality(w.colour_labels) > 1
            then w.colour_labels[1 + w.colour % cardinality(w.colour_labels)] end as secondary_color,
       w.colour_keys[w.colour] as colour_key,
       w.coat, w.good_with_children, w.good_with_dogs, w.good_with_cats,
       w.house_trained, w.spayed_neutered, w.vaccinations_current, w.special_needs, w.special_needs_notes,
       case when w.r27 < 0.08 then null
            else w.fee_min + floor(w.r27 * (w.fee_max - w.fee_min) / 5) * 5 end as adoption_fee,
       ${description} as description,
       w.status, w.published_at,
       w.kind = any (${sqlTextArray(KINDS_WITH_SECOND_SCENE)}) and w.r26 < 0.4 as second_photo,
       format('Drawing of %s, %s %s %s', w.name,
              case when replace(w.colour_keys[w.colour], '-', ' ') ~ '^[aeiou]' then 'an' else 'a' end,
              replace(w.colour_keys[w.colour], '-', ' '), w.phrase) as alt
  from templated w;

-- The columns the animals trigger fills are given too, so a bulk load may switch it off.
insert into public.animals (id, shelter_id, owner_id, latitude, longitude, listed, name, type, primary_breed, secondary_breed,
                            mixed_breed, age_group, birth_date, sex, size, primary_color, secondary_color, coat,
                            good_with_children, good_with_dogs, good_with_cats, house_trained, spayed_neutered,
                            vaccinations_current, special_needs, special_needs_notes, adoption_fee, description, status,
                            published_at, created_at, updated_at)
select id, shelter_id, owner_id, latitude, longitude, status in ('available', 'pending'), name, type, primary_breed,
       secondary_breed, mixed_breed, age_group, birth_date, sex, size, primary_color, secondary_color, coat,
       good_with_children, good_with_dogs, good_with_cats, house_trained, spayed_neutered,
       vaccinations_current, special_needs, special_needs_notes, adoption_fee, description, status,
       published_at, published_at, published_at
  from demo_animals;

-- The drawn portraits (public/images/demo/), served by the app itself.
insert into public.animal_photos (animal_id, owner_id, position, external_url, width, height, alt)
select id, owner_id, 0, format('/images/demo/%s-%s.svg', kind, colour_key), 800, 600, alt from demo_animals
union all
select id, owner_id, 1, format('/images/demo/%s-%s-2.svg', kind, colour_key), 800, 600, alt from demo_animals where second_photo;
`
}
