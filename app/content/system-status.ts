/** The status kinds the spec names for the support page's System Status card. */
export const serviceStatusKinds = ['operational', 'maintenance', 'outage'] as const
export type ServiceStatusKind = (typeof serviceStatusKinds)[number]

export type ServiceStatus = { service: string; status: ServiceStatusKind }

export const serviceStatuses: readonly ServiceStatus[] = [
  { service: 'Website', status: 'operational' },
  { service: 'Mobile App', status: 'operational' },
  { service: 'Search Engine', status: 'operational' },
  { service: 'Email Notifications', status: 'maintenance' },
]

export const statusLabels: Record<ServiceStatusKind, string> = {
  operational: 'Operational',
  maintenance: 'Maintenance',
  outage: 'Outage',
}
