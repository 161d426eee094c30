// npm run staff -- add <email> | remove <email> | list
// Pawhaven's own team: staff see the vetting console at /staff. Run in the project's folder
// with the environment `npm start` got (.env is read): the embedded backend in DATA_DIR, running
// or not, or a Supabase project with SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY.
import { loadDotEnv } from '#scripts/lib/backend.ts'
import { addStaff, connectAsService, listStaff, removeStaff } from '#scripts/lib/staff.ts'

const USAGE = 'Usage: npm run staff -- add <email> | remove <email> | list'

loadDotEnv()
const [command, email] = process.argv.slice(2)
if (!command || !['add', 'remove', 'list'].includes(command) || (command !== 'list' && !email)) {
  console.error(USAGE)
  process.exit(2)
}

const backend = await connectAsService(process.env).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
})
try {
  if (command === 'add') {
    const added = await addStaff(backend.supabase, email!)
    console.log(added ? `${email} is now Pawhaven staff (${backend.where}).` : `${email} was already Pawhaven staff.`)
  } else if (command === 'remove') {
    const removed = await removeStaff(backend.supabase, email!)
    console.log(removed ? `${email} is no longer Pawhaven staff.` : `${email} was not Pawhaven staff.`)
  } else {
    const staff = await listStaff(backend.supabase)
    console.log(staff.length ? staff.map((member) => `${member.email}\tsince ${member.since}`).join('\n') : 'No staff yet.')
  }
  process.exitCode = 0
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exitCode = 1
} finally {
  await backend.close()
}
