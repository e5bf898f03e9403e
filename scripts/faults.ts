/**
 * `npm run test:faults [jest args]`: the fault tests (__tests__/faults) against the real production server.
 * Builds once when the build is not current (the same check as `npm start`), then runs
 * `jest --selectProjects faults --runInBand` (the tests start, signal and kill servers themselves; one at a time
 * on two cores). PostgreSQL tests need DATABASE_URL: skipped without it locally, a failure in CI (CI=true or
 * E2E=required); the nginx test needs /usr/sbin/nginx (or $NGINX_PATH) likewise.
 */
import { ensureBuild } from './lib/build.mjs';
import { bin, run, runMain } from './lib/process';

async function main(): Promise<number> {
  const built = await ensureBuild(process.cwd(), 'faults');
  if (built !== 0) return built;
  return run(bin('jest'), ['--selectProjects', 'faults', '--runInBand', ...process.argv.slice(2)]);
}

runMain('faults', main);
