/**
 * `npm test`: every check, in order, stopping at the first that fails:
 *   lint → typecheck → jest (projects unit + api + security, one run) → browser tests (scripts/e2e.ts)
 *   → fault tests (scripts/faults.ts: the production server signalled, killed and cut off from its database).
 * Each step's output is shown as it runs. The very last line is always the summary, summed over the jest runs'
 * JSON results, in exactly this form (CI reads it):
 *   tests: N passed, N failed[, N skipped]
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { run, runMain } from './lib/process';

type Step = { name: string; command: string; args: string[]; jsonFile?: string };

type JestJson = { numPassedTests?: number; numFailedTests?: number; numPendingTests?: number };

const tempDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
const jestJson = path.join(tempDir, 'jest.json');
const e2eJson = path.join(tempDir, 'e2e.json');
const faultsJson = path.join(tempDir, 'faults.json');
// Two cores here, shared with the API tests' database: more workers only thrash.
const workers = Math.max(1, Math.min(2, availableParallelism()));

// The package.json scripts stay the one definition of each command; `--silent` keeps npm's banners out.
const steps: Step[] = [
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  {
    name: 'jest (unit+api+sec)',
    command: 'npm',
    args: ['run', '--silent', 'test:jest', '--', `--maxWorkers=${workers}`, '--json', `--outputFile=${jestJson}`],
    jsonFile: jestJson,
  },
  {
    name: 'browser tests (e2e)',
    command: 'npm',
    args: ['run', '--silent', 'test:e2e', '--', '--json', `--outputFile=${e2eJson}`],
    jsonFile: e2eJson,
  },
  {
    // After the browser tests: they leave a current production build, which this step reuses.
    name: 'fault tests (faults)',
    command: 'npm',
    args: ['run', '--silent', 'test:faults', '--', '--json', `--outputFile=${faultsJson}`],
    jsonFile: faultsJson,
  },
];

function readCounts(file: string): { passed: number; failed: number; skipped: number } {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  try {
    const r = JSON.parse(readFileSync(file, 'utf8')) as JestJson;
    return { passed: r.numPassedTests ?? 0, failed: r.numFailedTests ?? 0, skipped: r.numPendingTests ?? 0 };
  } catch {
    console.error(`[test] could not read jest's results from ${file}`);
    return { passed: 0, failed: 0, skipped: 0 };
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<number> {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const timings: string[] = [];
  let status = 0;
  for (const step of steps) {
    console.log(`\n=== ${step.name}: ${step.command} ${step.args.join(' ')}`);
    const started = Date.now();
    status = await run(step.command, step.args).catch((err: unknown) => {
      console.error(`[test] could not run ${step.command}:`, err);
      return 1;
    });
    const took = Date.now() - started;
    if (step.jsonFile) {
      const c = readCounts(step.jsonFile);
      totals.passed += c.passed;
      totals.failed += c.failed;
      totals.skipped += c.skipped;
    }
    timings.push(`  ${status === 0 ? 'ok  ' : 'FAIL'}  ${step.name.padEnd(22)} ${seconds(took)}`);
    if (status !== 0) {
      console.error(`\n=== ${step.name} failed (exit ${status}); later steps were not run`);
      break;
    }
  }
  rmSync(tempDir, { recursive: true, force: true });

  console.log(`\n=== npm test ${status === 0 ? 'passed' : 'FAILED'}\n${timings.join('\n')}`);
  const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
  return status;
}

runMain('test', main, () => console.log('tests: 0 passed, 0 failed'));
