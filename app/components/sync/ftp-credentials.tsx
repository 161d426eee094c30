// An FTP source's connection details for the shelter's software (decision 034): host, port,
// user name, whether FTPS is on, the password when it was just made (it is shown this once),
// and where each format's files go, as the shelter's software already names them.
import type { SnapshotFormat } from '#app/sync/types.ts'

type Props = {
  address: { host: string; port: number; tls: boolean } | null
  username: string
  /** Only right after the account was made or its password reset. */
  password?: string | null
  format: SnapshotFormat | null
}

const NAMING: Record<SnapshotFormat, string[]> = {
  petfinder: [
    'The listings file in /import, named as your software names it for Petfinder (e.g. TX123.csv, or the shelter id with no extension).',
    'Photos in /import/photos (or beside the file), named <ID>-<n>.jpg: n is the photo’s place, 1 to 6.',
  ],
  adoptapet: [
    'pets.csv and import.cfg in the top folder (we keep the last import.cfg, so later uploads may leave it out).',
    'Photos in photos/, named <ID>-<n>.jpg: n is the photo’s place, 1 to 6.',
  ],
  rescuegroups: [
    'The import CSV in /import, with its header row, any name.',
    'Photos beside it, named <ID>-<n>.jpg: n is the photo’s place, 1 to 6.',
  ],
  'pawhaven-json': [
    'The JSON file (our API’s schema) in any folder, any name.',
    'Photos by URL in the file, or files named <ID>-<n>.jpg beside it.',
  ],
  'asm3-json': [
    'The JSON list ASM3’s json_adoptable_animals method answers, in any folder, any name.',
    'Photos by the service addresses in the list (PHOTOURLS).',
  ],
}

export function FtpCredentials({ address, username, password, format }: Props) {
  return (
    <div className="flex flex-col gap-3 text-sm text-gray-800">
      {password ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
          Copy the password now: it is shown only this once. If you lose it, reset it.
        </p>
      ) : null}
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt className="font-medium">Host</dt>
        <dd className="font-mono">{address?.host ?? 'Not running: ask your Pawhaven administrator'}</dd>
        <dt className="font-medium">Port</dt>
        <dd className="font-mono">{address?.port ?? '—'}</dd>
        <dt className="font-medium">User name</dt>
        <dd className="font-mono">{username}</dd>
        <dt className="font-medium">Password</dt>
        <dd className="font-mono break-all">{password ?? 'Hidden (set when the source was added; reset it to get a new one)'}</dd>
        <dt className="font-medium">Encryption</dt>
        <dd>
          {address?.tls ? 'FTPS (explicit TLS, “AUTH TLS”) is on; plain FTP works too' : 'Plain FTP (this server has no certificate)'}
        </dd>
      </dl>
      {format ? (
        <div>
          <p className="font-medium">Where files go</p>
          <ul className="mt-1 list-disc pl-5">
            {NAMING[format].map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="mt-1 text-gray-600">
            Each file starts an import as it arrives; photos are placed as they arrive, or once their animal’s listing does.
          </p>
        </div>
      ) : null}
    </div>
  )
}
