import { Link, useNavigate } from '@remix-run/react'
import { useRef } from 'react'
import { cn } from '#app/utils/misc.ts'

export type LinkTab = { value: string; label: string; to: string }

/**
 * Tabs whose selection lives in the URL (?tab=…), so they work without JavaScript and a
 * tab can be linked to. With JavaScript the arrow keys move between them, as tabs do.
 */
export function LinkTabs({
  label,
  tabs,
  selected,
  idPrefix,
}: {
  label: string
  tabs: readonly LinkTab[]
  selected: string
  idPrefix: string
}) {
  const navigate = useNavigate()
  const list = useRef<HTMLDivElement>(null)

  function onKeyDown(event: React.KeyboardEvent) {
    // From the focused tab, not the selected one: the URL lags behind quick key presses.
    const focused = tabs.findIndex((tab) => (event.target as HTMLElement).id === `${idPrefix}-tab-${tab.value}`)
    const index = focused >= 0 ? focused : tabs.findIndex((tab) => tab.value === selected)
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key]
    const target =
      event.key === 'Home' ? tabs[0] : event.key === 'End' ? tabs.at(-1) : step ? tabs[(index + step + tabs.length) % tabs.length] : null
    if (!target) return
    event.preventDefault()
    navigate(target.to, { replace: true, preventScrollReset: true })
    list.current?.querySelector<HTMLElement>(`#${idPrefix}-tab-${target.value}`)?.focus()
  }

  return (
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus -- the WAI-ARIA tabs pattern: each tab is focusable (roving tabindex) and the tablist only handles their arrow keys by delegation
    <div ref={list} role="tablist" aria-label={label} onKeyDown={onKeyDown} className="inline-flex rounded-lg bg-gray-200 p-1">
      {tabs.map((tab) => {
        const active = tab.value === selected
        return (
          <Link
            key={tab.value}
            id={`${idPrefix}-tab-${tab.value}`}
            role="tab"
            to={tab.to}
            replace
            preventScrollReset
            aria-selected={active}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={active ? 0 : -1}
            className={cn(
              'rounded-md px-4 py-1.5 text-sm font-medium',
              active ? 'bg-white text-gray-900 shadow-sm' : 'text-gray-700 hover:text-gray-900',
            )}
          >
            {tab.label}
          </Link>
        )
      })}
    </div>
  )
}
