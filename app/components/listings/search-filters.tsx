import { Form, useNavigate } from '@remix-run/react'
import { useEffect, useState, type FormEvent } from 'react'
import { inputClass } from '#app/components/ui/forms.tsx'
import { activeFilters } from '#app/components/listings/active-filters.tsx'
import { Icon } from '#app/components/marketing/icons.tsx'
import { buttonStyles } from '#app/components/marketing/ui.tsx'
import { escapeHtml } from '#app/utils/html.ts'
import { cn } from '#app/utils/misc.ts'
import {
  ageOptions,
  defaultSort,
  distances,
  formSearchQuery,
  sortOptions,
  typeOptions,
  type SearchFilters,
} from '#app/utils/search-params.ts'
import { GOOD_WITH, GOOD_WITH_LABELS, SEXES, SEX_LABELS, SIZES, SIZE_LABELS, optionsOf, type SearchFlag } from '#app/utils/vocabulary.ts'

/** What the form offers for the chosen type, from the loader (so the lists are data, not code). */
export type SearchChoices = {
  breeds: readonly string[]
  coats: ReadonlyArray<{ value: string; label: string }>
  colors: readonly string[]
  /** The yes-only filters with their labels (SEARCH_FLAGS). */
  flags: ReadonlyArray<{ value: SearchFlag; label: string }>
}

const flagOf: Record<SearchFlag, keyof SearchFilters> = {
  house_trained: 'houseTrained',
  special_needs: 'specialNeeds',
  new_this_week: 'newThisWeek',
}

// A type's breeds are a few hundred options, the same for every page that shows the type: made
// into markup once per list (the server's lists are constants), not rendered element by element
// for each page, where they were a quarter of the search page's elements.
const breedOptions = new WeakMap<readonly string[], string>()

export function breedOptionsHtml(breeds: readonly string[]): string {
  let html = breedOptions.get(breeds)
  if (html === undefined) {
    html = breeds.map((breed) => `<option value="${escapeHtml(breed)}"></option>`).join('')
    breedOptions.set(breeds, html)
  }
  return html
}

// The control that changed the results, focused again once the new results' form is drawn.
let focusAfterUpdate: string | null = null

/**
 * The search form: a GET form, so the filters land in the URL (shareable, bookmarkable) and
 * it works without JavaScript. Submitting starts again at page 1. With JavaScript a choice in
 * a select or a checkbox updates the results at once (the text fields wait for Search or
 * Enter, so typing is never interrupted), keeping the scroll position and the focus.
 */
export function SearchFiltersForm({ filters, choices }: { filters: SearchFilters; choices: SearchChoices }) {
  const navigate = useNavigate()
  // Whether the folded filters are open on a phone: kept here, above the form's key, so a
  // choice that updates the results does not fold them away again.
  const [unfolded, setUnfolded] = useState(false)
  // A new search draws a new form (the key): the old defaults must not linger.
  const formKey = JSON.stringify(filters)
  useEffect(() => {
    if (focusAfterUpdate) document.getElementById(focusAfterUpdate)?.focus()
    focusAfterUpdate = null
  }, [formKey])
  function update(event: FormEvent<HTMLFormElement>) {
    const control = event.target as HTMLInputElement | HTMLSelectElement
    // The text fields wait for Search; the fold toggle has no name and is not a filter.
    if (control.type === 'text' || !control.name) return
    focusAfterUpdate = control.id
    search(event.currentTarget, true)
  }
  // With JavaScript the search goes straight to its normal URL (no empty fields, no defaults);
  // without, the browser sends every field and the server redirects to the same URL.
  function search(form: HTMLFormElement, preventScrollReset = false) {
    const entries = [...new FormData(form)].flatMap(([name, value]) =>
      typeof value === 'string' ? [[name, value] as [string, string]] : [],
    )
    navigate(`/search${formSearchQuery(entries)}`, { preventScrollReset })
  }
  function submitted(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    search(event.currentTarget)
  }
  const folded = activeFilters(filters).filter((filter) => !filter.label.startsWith('Near ')).length
  return (
    <Form
      method="get"
      action="/search"
      key={formKey}
      aria-label="Search filters"
      onChange={update}
      onSubmit={submitted}
      className="mt-5 grid gap-4 rounded-2xl bg-white p-4 shadow-lg ring-1 ring-gray-100 sm:mt-8 sm:p-5 md:grid-cols-[1.5fr_1fr_1fr_1fr]"
    >
      {/* A search from the map stays on the map. */}
      {filters.view === 'map' ? <input type="hidden" name="view" value="map" /> : null}
      <TextFilter id="search-location" name="location" label="Location" placeholder="City, state or zip" value={filters.location} />
      {/*
        On a phone every filter but the location folds away behind "Filters (n)", so the results
        start on the first screen. The switch is a checkbox (it works without JavaScript) whose
        label looks like a button; the folded part is its next sibling, shown while it is
        checked, and always on wider screens, where it dissolves into the form's grid.
      */}
      <input
        type="checkbox"
        id="search-filters-toggle"
        checked={unfolded}
        onChange={(event) => setUnfolded(event.currentTarget.checked)}
        aria-controls="search-more-filters"
        className="peer sr-only md:hidden"
      />
      <div className="flex gap-3 md:hidden">
        <label
          htmlFor="search-filters-toggle"
          className={cn(
            buttonStyles.secondary,
            'h-11 flex-1 cursor-pointer whitespace-nowrap rounded-md [.peer:focus-visible~div>&]:outline [.peer:focus-visible~div>&]:outline-2 [.peer:focus-visible~div>&]:outline-offset-2 [.peer:focus-visible~div>&]:outline-brand-600',
          )}
        >
          <Icon name="sliders" className="h-4 w-4" /> {folded ? `Filters (${folded})` : 'Filters'}
        </label>
        <SearchButton className="flex-1" />
      </div>
      <div id="search-more-filters" className="hidden gap-4 max-md:peer-checked:grid md:contents">
        <SelectFilter
          id="search-distance"
          name="distance"
          label="Distance"
          value={String(filters.distance)}
          options={distances.map((miles) => ({ value: String(miles), label: `Within ${miles} miles` }))}
        />
        <SelectFilter id="search-type" name="type" label="Animal type" anyLabel="Any type" value={filters.type} options={typeOptions} />
        <SelectFilter id="search-age" name="age" label="Age" anyLabel="Any age" value={filters.age} options={ageOptions} />
        <SelectFilter
          id="search-size"
          name="size"
          label="Size"
          anyLabel="Any size"
          value={filters.size}
          options={optionsOf(SIZES, SIZE_LABELS)}
        />
        <SelectFilter
          id="search-sex"
          name="sex"
          label="Sex"
          anyLabel="Any sex"
          value={filters.sex}
          options={optionsOf(SEXES, SEX_LABELS)}
        />
        <TextFilter id="search-breed" name="breed" label="Breed" placeholder="e.g. Beagle" value={filters.breed} list="search-breeds" />
        <datalist id="search-breeds" dangerouslySetInnerHTML={{ __html: breedOptionsHtml(choices.breeds) }} />
        {choices.coats.length ? (
          <SelectFilter id="search-coat" name="coat" label="Coat length" anyLabel="Any coat" value={filters.coat} options={choices.coats} />
        ) : null}
        <SelectFilter
          id="search-color"
          name="color"
          label="Color"
          anyLabel="Any color"
          value={filters.color}
          options={choices.colors.map((color) => ({ value: color, label: color }))}
        />
        <TextFilter id="search-q" name="q" label="Keywords" placeholder="e.g. calm, playful" value={filters.q} />
        <div className="flex flex-col gap-4 md:col-span-4 md:flex-row md:items-end md:justify-between">
          <fieldset className="flex flex-wrap items-center gap-x-5 gap-y-2">
            <legend className="mb-1 text-sm font-medium text-gray-800">Good with</legend>
            {optionsOf(GOOD_WITH, GOOD_WITH_LABELS).map((option) => (
              <label key={option.value} className="inline-flex items-center gap-2 text-sm text-gray-800">
                <input
                  id={`search-good-with-${option.value}`}
                  type="checkbox"
                  name="good_with"
                  value={option.value}
                  defaultChecked={filters.goodWith.includes(option.value)}
                  className="h-4 w-4 rounded border-gray-400 text-brand-700 focus:ring-brand-600"
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          <fieldset className="flex flex-wrap items-center gap-x-5 gap-y-2">
            <legend className="mb-1 text-sm font-medium text-gray-800">Show only</legend>
            {choices.flags.map((flag) => (
              <label key={flag.value} className="inline-flex items-center gap-2 text-sm text-gray-800">
                <input
                  id={`search-${flag.value}`}
                  type="checkbox"
                  name={flag.value}
                  value="yes"
                  defaultChecked={filters[flagOf[flag.value]] === true}
                  className="h-4 w-4 rounded border-gray-400 text-brand-700 focus:ring-brand-600"
                />
                {flag.label}
              </label>
            ))}
          </fieldset>
          <div className="flex flex-wrap items-end gap-3">
            <SortSelect filters={filters} />
            {/* On a phone the Search button sits beside "Filters", above. */}
            <SearchButton className="hidden md:inline-flex" />
          </div>
        </div>
      </div>
    </Form>
  )
}

function SearchButton({ className }: { className: string }) {
  return (
    <button type="submit" className={cn(buttonStyles.primary, 'h-11 rounded-md', className)}>
      <Icon name="search" className="h-4 w-4" /> Search
    </button>
  )
}

/**
 * The first choice is the default, sent empty: nearest first once a location is given, newest
 * first until then. So typing a ZIP into a search that was never sorted by hand sorts by
 * distance, with JavaScript or without.
 */
function SortSelect({ filters }: { filters: SearchFilters }) {
  const byDefault = defaultSort(filters.location)
  const defaultLabel = sortOptions.find((option) => option.value === byDefault)!.label
  return (
    <SelectFilter
      id="search-sort"
      name="sort"
      label="Sort by"
      anyLabel={defaultLabel}
      value={filters.sort === byDefault ? undefined : filters.sort}
      options={sortOptions.filter((option) => option.value !== byDefault)}
    />
  )
}

function TextFilter({
  id,
  name,
  label,
  placeholder,
  value,
  list,
}: {
  id: string
  name: string
  label: string
  placeholder: string
  value?: string
  list?: string
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        list={list}
        placeholder={placeholder}
        defaultValue={value ?? ''}
        maxLength={200}
        className={cn(inputClass, 'h-11')}
      />
    </div>
  )
}

function SelectFilter({
  id,
  name,
  label,
  anyLabel,
  value,
  options,
}: {
  id: string
  name: string
  label: string
  anyLabel?: string
  value: string | undefined
  options: ReadonlyArray<{ value: string; label: string }>
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ''} className={cn(inputClass, 'h-11')}>
        {anyLabel ? <option value="">{anyLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
