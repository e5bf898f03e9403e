import { workerCount, workerEntry } from '@/scripts/lib/e2eWorkers';

describe('workerCount: how many browser-test workers (each with its own server)', () => {
  it('runs two on a machine with two cores or more, one on a single core', () => {
    expect(workerCount([], {}, 2)).toBe(2);
    expect(workerCount([], {}, 8)).toBe(2);
    expect(workerCount([], {}, 1)).toBe(1);
  });

  it('runs one when the run names specs or tests: a second server would only cost its start-up', () => {
    expect(workerCount(['e2e/security'], {}, 2)).toBe(1);
    expect(workerCount(['--json', '--outputFile=/tmp/e2e.json'], {}, 2)).toBe(2);
    expect(workerCount(['-t', 'signs in'], {}, 2)).toBe(1);
  });

  it('follows E2E_WORKERS when it is a positive whole number', () => {
    expect(workerCount([], { E2E_WORKERS: '1' }, 2)).toBe(1);
    expect(workerCount(['e2e/security'], { E2E_WORKERS: '3' }, 2)).toBe(3);
    expect(workerCount([], { E2E_WORKERS: '0' }, 2)).toBe(2);
    expect(workerCount([], { E2E_WORKERS: 'many' }, 2)).toBe(2);
  });
});

describe('workerEntry: the server a jest worker talks to', () => {
  const urls = 'http://127.0.0.1:4001,http://127.0.0.1:4002';

  it('gives worker 1 the first entry and worker 2 the second', () => {
    expect(workerEntry(urls, '1')).toBe('http://127.0.0.1:4001');
    expect(workerEntry(urls, '2')).toBe('http://127.0.0.1:4002');
  });

  it('uses the first entry in band (no worker id) and with a malformed id', () => {
    expect(workerEntry(urls, undefined)).toBe('http://127.0.0.1:4001');
    expect(workerEntry(urls, 'x')).toBe('http://127.0.0.1:4001');
  });

  it('wraps a worker numbered past the list onto it rather than leaving it without a server', () => {
    expect(workerEntry(urls, '3')).toBe('http://127.0.0.1:4001');
    expect(workerEntry('http://127.0.0.1:4001', '2')).toBe('http://127.0.0.1:4001');
  });

  it('is undefined when the list is not set or empty', () => {
    expect(workerEntry(undefined, '1')).toBeUndefined();
    expect(workerEntry('', '1')).toBeUndefined();
  });
});
