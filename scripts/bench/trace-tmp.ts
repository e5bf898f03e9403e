// Temporary (not committed): main-thread work of `/` signed in, 4× CPU throttling, with a CPU profile by script.
import { chromium } from 'playwright-core';
import { DEMO_CUSTOMER, machineLoad, startPortal } from './portal';

const RUNS = Number(process.env.RUNS ?? 3);
const portal = await startPortal();
try {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.goto(`${portal.baseUrl}/login`);
  await page.getByTestId('login-id').fill(DEMO_CUSTOMER.loginId);
  await page.getByTestId('password').fill(DEMO_CUSTOMER.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 60_000 });
  await page.waitForTimeout(2000);
  for (const path of (process.env.PAGES ?? '/,/login').split(',')) {
    for (let run = 0; run < RUNS; run++) {
      const p = path === '/login' ? await (await browser.newContext({ viewport: { width: 412, height: 823 } })).newPage() : await context.newPage();
      const cdp = await context.newCDPSession(p).catch(() => p.context().newCDPSession(p));
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await p.addInitScript(() => {
        (window as unknown as { __lt: number[][] }).__lt = [];
        new PerformanceObserver((l) => l.getEntries().forEach((e) => (window as unknown as { __lt: number[][] }).__lt.push([e.startTime, e.duration]))).observe({ type: 'longtask', buffered: true });
      });
      await cdp.send('Profiler.start');
      const t0 = Date.now();
      await p.goto(`${portal.baseUrl}${path}`, { waitUntil: 'load' });
      await p.waitForTimeout(6000);
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: { id: number; callFrame: { url: string; functionName: string }; hitCount?: number }[]; samples: number[]; timeDeltas: number[] } };
      const lt = (await p.evaluate(() => (window as unknown as { __lt: number[][] }).__lt)) as number[][];
      const fcp = await p.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0);
      const tbt = lt.filter(([s]) => s >= fcp).reduce((a, [, d]) => a + Math.max(0, d - 50), 0);
      // self time per script
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const self = new Map<string, number>();
      profile.samples.forEach((id, i) => {
        const n = byId.get(id)!;
        const key = (n.callFrame.url.split('/').pop() || `(${n.callFrame.functionName || 'native'})`);
        self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
      });
      const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 8)).map(([k, v]) => `${k}=${v.toFixed(0)}`).join(' ');
      console.log(`${path} run ${run + 1}: FCP ${fcp.toFixed(0)} ms, long tasks ${lt.length} (${lt.map(([, d]) => d.toFixed(0)).join(',')}), TBT≈${tbt.toFixed(0)} ms, load ${machineLoad()} [${Date.now() - t0} ms]`);
      if (process.env.TOP) console.log('   self ms: ' + top);
      await p.close();
    }
  }
  await browser.close();
} finally {
  await portal.stop();
}
