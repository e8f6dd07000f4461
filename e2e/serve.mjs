// Serves the built web app and the API on a fresh SQLite database for the browser tests.
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'booking-e2e-'))
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '4173',
    HOST: '127.0.0.1',
    // Share links are built only from configured addresses (decision 086): this server's own.
    SHARE_HOSTS: `127.0.0.1:${process.env.E2E_PORT ?? '4173'}`,
    DATABASE_URL: `sqlite:${join(dir, 'e2e.db')}`,
    WEB_DIR: process.env.E2E_WEB_DIR ?? join(root, 'apps/web/dist'),
    ADMIN_EMAIL: 'admin@e2e.local',
    ADMIN_PASSWORD: 'admin-pass-123',
    ADMIN_USERNAME: 'admin',
    JWT_SECRET: 'e2e-secret-at-least-32-characters-long',
    SIGNUP_RATE_MAX: '1000',
    LOGIN_RATE_MAX: '1000',
    LOG: 'off',
  },
})
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => child.kill(s))
child.on('exit', (code) => process.exit(code ?? 0))
