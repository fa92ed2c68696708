/** A one-line progress bar on stderr, redrawn in place on a terminal and every 10% otherwise. */
export function progressBar(label: string, unit: string) {
  const started = performance.now();
  let lastTenth = -1;
  return (done: number, total: number) => {
    const ratio = total === 0 ? 1 : Math.min(1, done / total);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const bar = `${'█'.repeat(Math.round(ratio * 30))}${'░'.repeat(30 - Math.round(ratio * 30))}`;
    const line = `${label} ${bar} ${Math.floor(ratio * 100)}% ${done}/${total} ${unit}, ${seconds} s`;
    if (process.stderr.isTTY) {
      process.stderr.write(`\r${line}${done >= total ? '\n' : ''}`);
    } else if (Math.floor(ratio * 10) !== lastTenth) {
      lastTenth = Math.floor(ratio * 10);
      process.stderr.write(`${line}\n`);
    }
  };
}
