/**
 * When whoever reads the process's output goes away (`studio agents list | head -1`, a supervisor
 * that closed its end of the pipe), every write to stdout or stderr fails with EPIPE. Unhandled,
 * each failure is an uncaught exception, and Next reports those by writing to the same closed
 * pipe: a loop that kept a stopping server at full CPU and never let it exit. With a listener, a
 * failed write is dropped and the process carries on, and stops when asked. Nothing is reported:
 * the only places to report it are the streams that failed.
 */
export function dropWritesToClosedOutput(streams: NodeJS.WritableStream[] = [process.stdout, process.stderr]) {
  for (const stream of streams) stream.on('error', () => {});
}
