// The dashboard's few line icons, drawn here rather than pulled in from an icon package, in
// the site's line-icon frame.
import { LineIcon } from '#app/components/marketing/icons.tsx'

type IconProps = { className?: string }

export const HomeIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M3 11l9-7 9 7" />
    <path d="M5 10v10h5v-6h4v6h5V10" />
  </LineIcon>
)

export const PawIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <circle cx="6" cy="10" r="2" />
    <circle cx="10" cy="5.5" r="2" />
    <circle cx="14" cy="5.5" r="2" />
    <circle cx="18" cy="10" r="2" />
    <path d="M12 12c-3 0-5.5 3.5-5.5 6 0 1.7 1.3 2.5 2.8 2.5 1.2 0 1.8-.6 2.7-.6s1.5.6 2.7.6c1.5 0 2.8-.8 2.8-2.5 0-2.5-2.5-6-5.5-6z" />
  </LineIcon>
)

export const ChatIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M4 5h16v11H9l-5 4z" />
    <path d="M8 9h8M8 12h5" />
  </LineIcon>
)

export const ClipboardIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <rect x="5" y="4" width="14" height="17" rx="2" />
    <path d="M9 4V3h6v1M9 10h6M9 14h6M9 18h3" />
  </LineIcon>
)

export const ChartIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M4 20V4M4 20h16" />
    <path d="M8 16v-4M12 16V8M16 16v-6" />
  </LineIcon>
)

export const GearIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1" />
  </LineIcon>
)

export const SignOutIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M15 4h3a2 2 0 012 2v12a2 2 0 01-2 2h-3" />
    <path d="M10 16l-4-4 4-4M6 12h10" />
  </LineIcon>
)

export const PanelIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M9 4v16" />
  </LineIcon>
)

export const SearchIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <circle cx="11" cy="11" r="6" />
    <path d="M20 20l-4.5-4.5" />
  </LineIcon>
)

export const PlusIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M12 5v14M5 12h14" />
  </LineIcon>
)

export const EyeIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </LineIcon>
)

export const HeartIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M12 20s-7-4.4-7-10a4 4 0 017-2.6A4 4 0 0119 10c0 5.6-7 10-7 10z" />
  </LineIcon>
)

export const ShareIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="6" r="2.5" />
    <circle cx="18" cy="18" r="2.5" />
    <path d="M8.2 10.8l7.6-3.6M8.2 13.2l7.6 3.6" />
  </LineIcon>
)

export const CalendarIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </LineIcon>
)

export const MailIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </LineIcon>
)

export const BellIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M6 16V11a6 6 0 0112 0v5l2 2H4l2-2zM10 20a2 2 0 004 0" />
  </LineIcon>
)

export const PeopleIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <circle cx="9" cy="8" r="3" />
    <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6" />
    <circle cx="17" cy="9" r="2.5" />
    <path d="M17 14c2.2 0 4 1.8 4 4.5" />
  </LineIcon>
)

export const HistoryIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M4 12a8 8 0 1 0 2.3-5.7L4 8.6" />
    <path d="M4 4v4.6h4.6M12 8v4l3 2" />
  </LineIcon>
)

export const SyncIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M20 12a8 8 0 0 1-14.3 4.9M4 12a8 8 0 0 1 14.3-4.9" />
    <path d="M18.5 3v4.2h-4.2M5.5 21v-4.2h4.2" />
  </LineIcon>
)
