/**
 * Deployment backups written by earlier versions of the format (tests/fixtures/backups/) still
 * import: sealed secrets open with their passphrase and are re-encrypted, everything verifies, and
 * a second import changes nothing. A format version without a fixture fails the suite.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { currentDeploymentFormatVersion } from '@/lib/editor';
import studioConfig from '@/studio.config';
import { createTestStudio } from '../../support/studio';

const root = join(import.meta.dirname, '..', '..', 'fixtures', 'backups');
const passphrase = 'fixture backup passphrase';
const fixtures = readdirSync(root)
  .filter((file) => file.endsWith('.json'))
  .map((file) => ({ file, backup: JSON.parse(readFileSync(join(root, file), 'utf8')) }));

let studio: Awaited<ReturnType<typeof createTestStudio>> | undefined;
afterEach(async () => {
  await studio?.cleanup();
  studio = undefined;
});

describe('backup fixtures', () => {
  it('cover every format version, sealed and without secrets', () => {
    for (let version = 1; version <= currentDeploymentFormatVersion; version += 1) {
      const modes = fixtures
        .filter((fixture) => fixture.backup.formatVersion === version)
        .map((f) => f.backup.secrets.mode);
      expect(modes.sort(), `formatVersion ${version}`).toEqual(['omitted', 'sealed']);
    }
  });

  it.each(fixtures)('$file imports, verifies and is idempotent', async ({ backup }) => {
    studio = await createTestStudio({ ...studioConfig, settings: { stdioAllowedCommands: ['node server.js'] } });
    const deployment = studio.studio.editor.deployment;
    const sealed = backup.secrets.mode === 'sealed';
    const result = await deployment.import({ backup, ...(sealed ? { passphrase } : {}) });
    expect(result.verification).toMatchObject({
      agents: backup.counts.agents,
      agentVersions: backup.counts.agentVersions,
      mcpClients: backup.counts.mcpClients,
      mcpClientVersions: backup.counts.mcpClientVersions,
      integrations: backup.counts.integrations,
    });
    const client = await studio.studio.editor.mcpClients.getLatestWithSecrets('local-files');
    const server = client!.snapshot.servers.files!;
    expect(server.type === 'stdio' ? server.env : 'not stdio').toEqual(
      sealed ? { FILES_TOKEN: 'files-token-0123456789' } : undefined,
    );
    expect(result.secretsLeftOut).toEqual(
      sealed
        ? []
        : ['mcpClients.0.versions.0.snapshot.servers.files.env.FILES_TOKEN', 'integrations.0.config.credentials.token'],
    );
    const resolution = await studio.studio.runtime.resolve('travel-helper', { requestContext: { tier: 'pro' } });
    expect(Object.keys(resolution.tools).sort()).toEqual(['convert-units', 'world-time']);
    const again = await deployment.import({ backup, ...(sealed ? { passphrase } : {}) });
    expect([again.changed, again.summary.unchanged]).toEqual([false, result.changes.length]);
  });
});
