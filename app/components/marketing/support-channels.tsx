import { Icon, type IconName } from '#app/components/marketing/icons.tsx'

/** The three ways to reach the team (the spec's support cards), shown on /support and /contact. */
export function SupportChannels({ supportEmail, supportPhone }: { supportEmail: string; supportPhone: string }) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      <ChannelCard icon="chat" title="Live Chat" hours="9 AM-9 PM EST" text="Chat with our support team in real time.">
        <button type="button" disabled className="font-semibold text-gray-500" aria-describedby="live-chat-note">
          Start Chat
        </button>
        <span id="live-chat-note" className="ml-2 rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-600">
          Coming soon
        </span>
      </ChannelCard>
      <ChannelCard icon="mail" title="Email Support" hours="Reply within 24 hours" text="Write to us any time, about anything.">
        <a href={`mailto:${supportEmail}`} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
          {supportEmail}
        </a>
      </ChannelCard>
      <ChannelCard icon="phone" title="Phone Support" hours="Mon-Fri 9 AM-6 PM EST" text="Talk to a person about your account or listings.">
        <a href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
          {supportPhone}
        </a>
      </ChannelCard>
    </ul>
  )
}

function ChannelCard({
  icon,
  title,
  hours,
  text,
  children,
}: {
  icon: IconName
  title: string
  hours: string
  text: string
  children: React.ReactNode
}) {
  return (
    <li className="flex flex-col rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
      <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
        <Icon name={icon} className="h-6 w-6" />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-gray-900">{title}</h3>
      <p className="mt-1 inline-flex items-center gap-1.5 text-sm font-medium text-brand-800">
        <Icon name="clock" className="h-4 w-4" />
        {hours}
      </p>
      <p className="mt-2 flex-1 text-gray-600">{text}</p>
      <div className="mt-4 flex items-center">{children}</div>
    </li>
  )
}
