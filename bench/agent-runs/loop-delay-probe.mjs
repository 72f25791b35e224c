// Preloaded into every process of the bench's stack (NODE_OPTIONS=--import): the event-loop delay between two SIGUSR2
// signals, written to $NEXUS_BENCH_LOOP_DELAY_DIR/<pid>.json. Plain JavaScript, so it loads before tsx is registered.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const dir = process.env.NEXUS_BENCH_LOOP_DELAY_DIR;
if (dir) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  let measuring = false;
  process.on('SIGUSR2', () => {
    if (!measuring) {
      histogram.reset();
      histogram.enable();
      measuring = true;
      return;
    }
    histogram.disable();
    measuring = false;
    const ms = (ns) => ns / 1e6;
    const summary = { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), samples: histogram.count };
    writeFileSync(join(dir, `${process.pid}.json`), JSON.stringify(summary));
  });
}
