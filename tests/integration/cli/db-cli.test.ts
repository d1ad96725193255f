/** `agent-studio db migrate` in process: a DATABASE_URL the studio cannot use is a plain error. */
import { describe, expect, it } from 'vitest';
import { runCapturing } from './cli-support';

describe('agent-studio db migrate', () => {
  it('refuses a DATABASE_URL it cannot use with exit code 1, a message and no stack trace', async () => {
    const run = await runCapturing(['db', 'migrate'], {
      environment: { DATABASE_URL: 'mysql://studio:hunter2@db.internal/studio' },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('DATABASE_URL "mysql://studio:***@db.internal/studio"');
    expect(run.stderr).toContain('file:<path>');
    expect(run.stderr).not.toContain('hunter2');
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });

  it('migrates a database in memory', async () => {
    const run = await runCapturing(['db', 'migrate'], { environment: { DATABASE_URL: ':memory:' } });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^Applied \d+ migration\(s\) to :memory: \(\d+ in all\)\.$/);
  });
});
