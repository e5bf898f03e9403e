/** Polls until `check` passes or a second has gone by (the budget: every instance within one second); answers the time taken. */
export async function within1s(check: () => Promise<void>): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return Date.now() - started;
    } catch (err) {
      if (Date.now() - started > 1_000) throw err;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** Polls until `cond` holds, failing after `ms`. */
export async function until(cond: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const started = Date.now();
  while (!(await cond())) {
    if (Date.now() - started > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
