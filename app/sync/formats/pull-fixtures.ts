// Builders of the pull connectors' answers in their documented shapes (written from
// vendors' published documentation), for the readers' tests, the worker's fake
// servers and the pull bench.

/** A Shelterluv v1 animal as GET /api/v1/animals lists it (the real sample's field order and types). */
export function shelterluvAnimal(internalId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ID: '',
    'Internal-ID': internalId,
    Name: `Animal ${internalId}`,
    LitterGroupId: null,
    Type: 'Dog',
    CurrentLocation: { Tier1: 'Main Shelter', Tier2: 'Kennel 4' },
    Sex: 'Female',
    Status: 'Available For Adoption',
    InFoster: false,
    CurrentWeightPounds: '42.5',
    Size: 'Medium (20-59)',
    Altered: 'Yes',
    DOBUnixTime: 1_640_995_200,
    Age: 58,
    CoverPhoto: `https://www.shelterluv.com/sites/default/files/animal_pics/${internalId}/cover.jpg`,
    Photos: [
      `https://www.shelterluv.com/sites/default/files/animal_pics/${internalId}/cover.jpg`,
      `https://www.shelterluv.com/sites/default/files/animal_pics/${internalId}/2.jpg`,
    ],
    Videos: [],
    Breed: 'Terrier, American Pit Bull/Mixed Breed (Large)',
    Color: 'White/None',
    Pattern: '',
    AdoptionFeeGroup: { Id: '201497', Name: 'Adult Dog', Price: '150.00', Discount: 0, Tax: 0 },
    Description: 'Loves long walks.&#10;Good on a leash.',
    PreviousIds: [],
    Microchips: [{ Id: '981 020 033 339 853', Issuer: 'HomeAgain', ImplantUnixTime: '' }],
    LastIntakeUnixTime: '1700000000',
    Attributes: [],
    LastUpdatedUnixTime: '1700000100',
    ...overrides,
  }
}

/** A Shelterluv page: the envelope with total_count as a string, as the real API sends it. */
export function shelterluvPage(animals: unknown[], hasMore: boolean, total: number) {
  return { success: 1, animals, has_more: hasMore, total_count: String(total) }
}

/** A RescueGroups v5 animal resource (attributes as in the real sample), with its picture ids. */
export function rescueGroupsAnimal(id: string, attributes: Record<string, unknown> = {}, pictureIds: string[] = [`${id}1`]) {
  return {
    type: 'animals',
    id,
    attributes: {
      name: `Pet ${id}`,
      ageGroup: 'Adult',
      birthDate: '2020-06-28T00:00:00Z',
      breedPrimary: 'Husky',
      breedSecondary: 'Shepherd',
      isBreedMixed: true,
      sex: 'Female',
      sizeGroup: 'Large',
      isCatsOk: false,
      isCurrentVaccinations: true,
      isHousetrained: true,
      descriptionText: 'Hi hoomans, I&#39;m ready.',
      descriptionHtml: `<p>Hi hoomans, I&#39;m ready.</p><img src="https://tracker.rescuegroups.org/pet?${id}" width="0" height="0">`,
      isAdoptionPending: false,
      pictureThumbnailUrl: `https://cdn.rescuegroups.org/8099/pictures/animals/${id}/${id}1.jpg?width=100`,
      ...attributes,
    },
    relationships: {
      species: { data: [{ type: 'species', id: '8' }] },
      orgs: { data: [{ type: 'orgs', id: '8099' }] },
      pictures: { data: pictureIds.map((pictureId) => ({ type: 'pictures', id: pictureId })) },
    },
  }
}

export const RESCUEGROUPS_DOG_SPECIES = { type: 'species', id: '8', attributes: { singular: 'Dog', plural: 'Dogs' } }

export function rescueGroupsPicture(id: string, order: number, animalId = 'x') {
  const url = `https://cdn.rescuegroups.org/8099/pictures/animals/${animalId}/${id}.jpg`
  return {
    type: 'pictures',
    id,
    attributes: { order, original: { filesize: 120000, resolutionX: 1200, resolutionY: 900, url }, large: { url: `${url}?width=500` } },
  }
}

/** A v5 search page: meta as the API sends it, the animals, and what they include. */
export function rescueGroupsPage(animals: unknown[], included: unknown[], page: number, pages: number, count: number) {
  return {
    meta: { count, countReturned: animals.length, pageReturned: page, limit: 100, pages, transactionId: 'a1b2c3' },
    data: animals,
    included,
  }
}

/**
 * An ASM3 row as json_adoptable_animals_xp lists it (the keys and types of the doc
 * sample, less the fields the _xp method blanks): a dog with two photos and no bond.
 */
export function asm3Row(id: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const mediaUrl = (mediaId: number) =>
    `https://service.sheltermanager.com/asmservice?account=xx0000&method=media_image&mediaid=${mediaId}&ts=1709400000`
  return {
    ID: id,
    SHELTERCODE: `D2024${String(id).padStart(3, '0')}`,
    SHORTCODE: `${id}D`,
    ANIMALNAME: `Pet ${id}`,
    ANIMALTYPENAME: 'D (Dog)',
    SPECIESID: 1,
    SPECIESNAME: 'Dog',
    PETFINDERSPECIES: 'Dog',
    BREEDID: 30,
    BREEDNAME: 'Labrador Retriever / Boxer',
    BREEDNAME1: 'Labrador Retriever',
    BREEDNAME2: 'Boxer',
    PETFINDERBREED: 'Labrador Retriever',
    PETFINDERBREED2: 'Boxer',
    CROSSBREED: 1,
    CROSSBREEDNAME: 'Yes',
    SEX: 1,
    SEXNAME: 'Male',
    SIZE: 2,
    SIZENAME: 'Medium',
    AGEGROUP: 'Young Adult',
    ANIMALAGE: '2 years 3 months.',
    DATEOFBIRTH: '2024-08-10T00:00:00',
    ESTIMATEDDOB: 0,
    MOSTRECENTENTRYDATE: '2026-10-01T00:00:00',
    BASECOLOURID: 3,
    BASECOLOURNAME: 'Brown',
    ADOPTAPETCOLOUR: 'Brown/Chocolate',
    COATTYPE: 0,
    COATTYPENAME: 'Short',
    NEUTERED: 1,
    NEUTEREDNAME: 'Yes',
    ISGOODWITHCATS: 1,
    ISGOODWITHCATSNAME: 'No',
    ISGOODWITHDOGS: 0,
    ISGOODWITHDOGSNAME: 'Yes',
    ISGOODWITHCHILDREN: 3,
    ISGOODWITHCHILDRENNAME: 'Selective',
    ISHOUSETRAINED: 0,
    ISHOUSETRAINEDNAME: 'Yes',
    DECLAWED: 0,
    HASSPECIALNEEDS: 0,
    HASACTIVERESERVE: 0,
    HASTRIALADOPTION: 0,
    ISHOLD: 0,
    ISNOTAVAILABLEFORADOPTION: 0,
    ARCHIVED: 0,
    VACCGIVENCOUNT: 2,
    VACCOUTSTANDINGCOUNT: 0,
    FEE: 15000,
    WEBSITEMEDIANOTES: `Pet ${id} loves fetch.\nGood on a leash.`,
    WEBSITEIMAGECOUNT: 2,
    WEBSITEVIDEOURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    PHOTOURLS: [mediaUrl(id * 10), mediaUrl(id * 10 + 1)],
    BONDEDANIMALID: 0,
    BONDEDANIMAL1CODE: null,
    BONDEDANIMAL1NAME: null,
    BONDEDANIMAL1ARCHIVED: null,
    BONDEDANIMAL2ID: 0,
    BONDEDANIMAL2CODE: null,
    BONDEDANIMAL2NAME: null,
    BONDEDANIMAL2ARCHIVED: null,
    OWNERID: 0,
    OWNERNAME: null,
    LASTCHANGEDDATE: '2026-11-20T10:25:07.534155',
    ...overrides,
  }
}

/** `overrides` that bond an ASM3 row with up to two others, as ASM3 fills the BONDEDANIMAL columns. */
export function asm3Bond(
  first: { id: number; name?: string; archived?: boolean } | null,
  second: { id: number; name?: string; archived?: boolean } | null = null,
) {
  const side = (n: '1' | '2', companion: typeof first) => ({
    [n === '1' ? 'BONDEDANIMALID' : 'BONDEDANIMAL2ID']: companion?.id ?? 0,
    [`BONDEDANIMAL${n}CODE`]: companion ? `D2024${String(companion.id).padStart(3, '0')}` : null,
    [`BONDEDANIMAL${n}NAME`]: companion ? (companion.name ?? `Pet ${companion.id}`) : null,
    [`BONDEDANIMAL${n}ARCHIVED`]: companion ? (companion.archived ? 1 : 0) : null,
  })
  return { ...side('1', first), ...side('2', second) }
}
