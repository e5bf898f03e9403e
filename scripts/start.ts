/**
 * `npm start`: builds the app when there is no current production build, then runs the production server
 * (`tsx server.ts`, which migrates the database and, on the embedded one, seeds the demo data before serving).
 * Signals reach the server, which shuts down gracefully; its exit status becomes this script's.
 * Needs only runtime dependencies (next, tsx, typescript), so it works after `npm install --omit=dev`.
 */
import { ensureBuild } from './lib/build';
import { bin, run } from './lib/process';

async function main(): Promise<number> {
  const built = await ensureBuild(process.cwd(), 'start');
  if (built !== 0) return built;
  return run(bin('tsx'), ['server.ts'], {
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? '1' },
  });
}

main().then(
  (status) => process.exit(status),
  (err: unknown) => {
    console.error('npm start failed:', err);
    process.exit(1);
  },
);
