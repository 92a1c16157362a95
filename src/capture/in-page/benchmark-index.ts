// The machine's speed as Lighthouse calibrates it (`benchmarkIndex`, core/lib/page-functions.js):
// two fixed JS workloads, one allocation-heavy (builds 10,000-character strings), one not (copies
// a 100,000-integer array), each run for a fixed time; the index is iterations per second / 10,
// averaged. A loaded machine scores lower, which is how the measuring pass knows it cannot judge.
// Plain JS text on purpose (evaluated in the page). `ms` per workload: Lighthouse uses 500.
export const benchmarkIndexScript = (ms: number) => `(() => {
  const gc = () => {
    const start = Date.now();
    let n = 0;
    while (Date.now() - start < ${ms}) {
      let s = '';
      for (let j = 0; j < 10000; j++) s += 'a';
      if (s.length === 1) throw new Error('unreachable: keeps the loop from being optimised away');
      n++;
    }
    return n / 10 / ((Date.now() - start) / 1000);
  };
  const noGc = () => {
    const a = [], b = [];
    for (let i = 0; i < 100000; i++) a[i] = b[i] = i;
    const start = Date.now();
    let n = 0;
    while (n % 10 !== 0 || Date.now() - start < ${ms}) {
      const src = n % 2 === 0 ? a : b, dst = n % 2 === 0 ? b : a;
      for (let j = 0; j < src.length; j++) dst[j] = src[j];
      n++;
    }
    return n / 10 / ((Date.now() - start) / 1000);
  };
  return Math.round((gc() + noGc()) / 2);
})()`;
