import { sql } from 'kysely'
import { startTestApp } from '/work/wt/writes/apps/server/test/harness.ts'

const t = await startTestApp()
const r =
  await sql<any>`select event_object_table as t, trigger_name as n, action_timing as w, string_agg(event_manipulation, ',') as e from information_schema.triggers group by 1,2,3 order by 1`.execute(
    t.app.db,
  )
for (const x of r.rows) console.log(x.t, x.n, x.w, x.e)
await t.close()
