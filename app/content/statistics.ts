/** The spec's 2023 U.S. shelter figures shown on the home page. */
export type ShelterStatistic = { value: string; label: string; detail: string; tone: 'neutral' | 'good' | 'bad' | 'urgent' }

export const shelterStatistics2023: readonly ShelterStatistic[] = [
  { value: '6.5M', label: 'Entered Shelters', detail: 'animals entered U.S. shelters and rescues', tone: 'neutral' },
  { value: '4.8M', label: 'Adopted', detail: 'found loving homes through adoption', tone: 'good' },
  { value: '690K', label: 'Euthanized', detail: 'lost their lives for want of a home', tone: 'bad' },
  { value: '1M', label: 'Still Need Homes', detail: 'are still waiting for a family', tone: 'urgent' },
]
