// Preloaded into every process of the bench's stack (NODE_OPTIONS=--import): the event-loop delay between two SIGUSR2
// signals, written to $NEXUS_BENCH_LOOP_DELAY_DIR/<pid>.json, and with NEXUS_BENCH_CPU_PROFILE=1 a CPU profile of the same
// span (<pid>.cpuprofile; NODE_OPTIONS may not carry --cpu-prof). Plain JavaScript, so it loads before tsx is registered.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const dir = process.env.NEXUS_BENCH_LOOP_DELAY_DIR;
if (dir) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  const profiler = process.env.NEXUS_BENCH_CPU_PROFILE === '1' ? new Session() : undefined;
  let measuring = false;
  process.on('SIGUSR2', () => {
    if (!measuring) {
      histogram.reset();
      histogram.enable();
      measuring = true;
      if (profiler) {
        profiler.connect();
        profiler.post('Profiler.enable', () => profiler.post('Profiler.start'));
      }
      return;
    }
    histogram.disable();
    measuring = false;
    const ms = (ns) => ns / 1e6;
    const summary = { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), samples: histogram.count };
    const write = () => writeFileSync(join(dir, `${process.pid}.json`), JSON.stringify(summary));
    if (!profiler) return write();
    // The summary is written last, so a reader that found it finds the profile too.
    profiler.post('Profiler.stop', (err, result) => {
      if (err) process.stderr.write(`cpu profile failed: ${err.message}\n`);
      else writeFileSync(join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
      profiler.disconnect();
      write();
    });
  });
}
