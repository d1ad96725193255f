/**
 * Progress of long work (many agents, a large backup) as one line on stderr, redrawn in place.
 * Drawn only when stderr is a terminal, so pipes, logs and tests see no control characters.
 */
import type { CliIo } from './io';

export interface Progress {
  /** Counts one step done; `detail` names it (an agent id). */
  tick(detail?: string): void;
  /** Clears the line. */
  done(): void;
}

const barWidth = 24;

export function startProgress(io: CliIo, { label, total }: { label: string; total?: number }): Progress {
  if (!io.stderrIsTerminal || !io.stderrRaw) return { tick() {}, done() {} };
  const write = io.stderrRaw;
  let count = 0;
  let width = 0;
  const draw = (detail = '') => {
    const bar =
      total === undefined || total === 0
        ? ''
        : `[${'#'.repeat(Math.round((count / total) * barWidth)).padEnd(barWidth, '.')}] ${count}/${total} `;
    const line = `${label} ${bar}${detail}`.slice(0, 100);
    write(`\r${line.padEnd(width)}`);
    width = line.length;
  };
  draw();
  return {
    tick(detail) {
      count += 1;
      draw(detail);
    },
    done() {
      write(`\r${' '.repeat(width)}\r`);
    },
  };
}
