import { Icon } from '#app/components/marketing/icons.tsx'
import { telHref } from '#app/utils/listing-format.ts'
import { responsivenessLabel, type ResponseFigures } from '#app/utils/responsiveness.ts'

type IconName = React.ComponentProps<typeof Icon>['name']

/**
 * One line of a shelter's contact list: the term is the icon people see and the label screen
 * readers read (a <dl>'s group holds only <dt> and <dd>), then the value.
 */
export function ContactRow({
  icon,
  label,
  className,
  children,
}: {
  icon: IconName
  label: string
  className?: string
  children: React.ReactNode
}) {
  return (
    <div className="flex items-center gap-2">
      <IconTerm icon={icon} label={label} />
      <dd className={className}>{children}</dd>
    </div>
  )
}

/** A <dt> shown as its icon alone, its label for screen readers. */
export function IconTerm({ icon, label, iconClassName }: { icon: IconName; label: string; iconClassName?: string }) {
  return (
    <dt className="flex shrink-0 items-center">
      <Icon name={icon} className={iconClassName ?? 'h-4 w-4 shrink-0 text-brand-700'} />
      <span className="sr-only">{label}</span>
    </dt>
  )
}

export function PhoneRow({ phone, linkClassName }: { phone: string; linkClassName: string }) {
  return (
    <ContactRow icon="phone" label="Phone">
      <a href={telHref(phone)} className={linkClassName}>
        {phone}
      </a>
    </ContactRow>
  )
}

/**
 * The website, cut with an ellipsis when it is too long for the card. The row is the
 * containing block (relative) so the screen-reader text, positioned absolutely, is clipped
 * with the link instead of widening the page on a narrow screen.
 */
export function WebsiteRow({ href, linkClassName }: { href: string; linkClassName: string }) {
  return (
    <ContactRow icon="globe" label="Website" className="relative min-w-0 truncate">
      <a href={href} rel="noopener noreferrer nofollow" target="_blank" className={linkClassName}>
        {href.replace(/^https?:\/\//, '').replace(/\/$/, '')}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </ContactRow>
  )
}

/** How quickly the shelter answers ("Usually answers within 2 days · 94 % answered", or "New on Pawhaven"). */
export function ResponseRow({ shelter }: { shelter: ResponseFigures }) {
  return (
    <ContactRow icon="clock" label="How quickly it answers">
      {responsivenessLabel(shelter)}
    </ContactRow>
  )
}
