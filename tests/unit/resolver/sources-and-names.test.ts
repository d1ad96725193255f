/** resolution.md section 2 (sources, order, whole replacement) and tools.md section 6 (model names). */
import { describe, expect, it } from 'vitest';
import { isValidToolName, toModelToolName } from '@/lib/resolver';
import { codeAgent, listed, mcpClient, names, resolve, tool } from './fixtures';

describe('source order and whole replacement', () => {
  const codeWeather = tool('code-weather', 'Weather from the code agent', {
    inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
  });
  const providerWeather = tool('provider-weather', 'Weather from the provider');
  const integrationWeather = tool('integration-weather', 'Weather from the integration');

  const everything = {
    snapshot: {
      tools: { weather: {} },
      mcpClients: { local: { tools: {} } },
      integrationTools: { crm: { tools: { weather: {} } } },
      toolProviders: { hub: { tools: { weather: { toolkit: 'meteo' } } } },
    },
    sources: {
      mcpClients: { local: mcpClient({ kind: 'code', servers: [{ name: 'local', listed: [listed('weather')] }] }) },
      integrations: { crm: { status: 'loaded' as const, tools: { weather: integrationWeather } } },
      toolProviders: {
        hub: {
          status: 'loaded' as const,
          warnings: [],
          calls: [
            {
              call: {
                providerId: 'hub',
                toolkit: 'meteo',
                slugs: ['weather'],
                meta: {},
                connection: { kind: 'invoker' as const, connectionId: 'default' },
                ref: 'toolProviders.hub.connections.meteo',
              },
              outcome: { ok: true as const, tools: { weather: providerWeather } },
            },
          ],
        },
      },
    },
  };

  it('code < registry < MCP < integrations < providers, each replacing the earlier tool whole', () => {
    const merged = resolve({ ...everything, agent: codeAgent({ tools: { weather: codeWeather } }) });
    const weather = merged.tools.weather!;
    expect(weather.source).toBe('provider');
    expect(weather.description).toBe('Weather from the provider');
    // Nothing of the earlier tools survives: not the code tool's input schema, not its description.
    expect(weather.inputSchema).toEqual(providerWeather.inputJsonSchema);
    expect(weather.tool.id).toBe('provider-weather');
    expect(merged.explanation.tools.weather!.shadowed.map((entry) => entry.source)).toEqual([
      'code',
      'registry',
      'mcp',
      'integration',
    ]);
    expect(merged.warnings.filter((warning) => warning.code === 'name_shadowed')).toHaveLength(4);
  });

  it.each([
    { drop: 'toolProviders', winner: 'integration' },
    { drop: 'integrationTools', winner: 'mcp' },
    { drop: 'mcpClients', winner: 'registry' },
  ])('without $drop the next source down wins ($winner)', ({ drop, winner }) => {
    const snapshot: Record<string, unknown> = { ...everything.snapshot };
    const dropped = ['toolProviders', 'integrationTools', 'mcpClients'];
    for (const field of dropped.slice(0, dropped.indexOf(drop) + 1)) delete snapshot[field];
    const merged = resolve({ snapshot, sources: everything.sources });
    expect(merged.tools.weather!.source).toBe(winner);
  });

  it('a collision is not an error: the rest of the tools resolve', () => {
    const merged = resolve({
      snapshot: { tools: { weather: {}, search: {} }, mcpClients: { local: { tools: {} } } },
      sources: everything.sources,
    });
    expect(names(merged)).toEqual(['search', 'weather']);
    expect(merged.warnings).toEqual([
      {
        code: 'name_shadowed',
        message: 'Tool "weather" from mcp replaces the one from registry',
        source: 'mcp',
        ref: 'weather',
      },
    ]);
  });

  it('within one source a later entry overwrites an earlier one (two code servers offering the same name)', () => {
    const merged = resolve({
      snapshot: { mcpClients: { first: { tools: {} }, second: { tools: {} } } },
      sources: {
        mcpClients: {
          first: mcpClient({ kind: 'code', servers: [{ name: 'first', listed: [listed('lookup', 'first lookup')] }] }),
          second: mcpClient({
            kind: 'code',
            servers: [{ name: 'second', listed: [listed('lookup', 'second lookup')] }],
          }),
        },
      },
    });
    expect(merged.tools.lookup!.description).toBe('second lookup');
    expect(merged.explanation.tools.lookup!.shadowed).toEqual([
      { source: 'mcp', origin: { clientId: 'first', clientVersionId: 'v1', server: 'first', tool: 'lookup' } },
    ]);
  });
});

describe('names the model sees', () => {
  it.each([
    { name: 'weather', expected: 'weather' },
    { name: 'get-weather_v2', expected: 'get-weather_v2' },
    { name: 'get weather', expected: 'get_weather' },
    { name: 'météo.now', expected: 'm_t_o_now' },
    { name: 'emoji😀tool', expected: 'emoji_tool' },
    { name: '', expected: '_' },
    { name: 'a'.repeat(64), expected: 'a'.repeat(64) },
  ])('$name -> $expected', ({ name, expected }) => {
    expect(toModelToolName(name)).toBe(expected);
    expect(isValidToolName(toModelToolName(name))).toBe(true);
  });

  it('cuts a long name to 55 characters, "_" and 8 hex characters of its hash', () => {
    const long = `${'x'.repeat(60)}.tail`;
    const other = `${'x'.repeat(60)}.tale`;
    const result = toModelToolName(long);
    expect(result).toMatch(/^x{55}_[0-9a-f]{8}$/);
    expect(result).toHaveLength(64);
    expect(toModelToolName(other)).not.toBe(result);
    expect(toModelToolName(long)).toBe(result);
  });

  it('renames invalid names with a name_invalid warning; the explanation keeps the original', () => {
    const merged = resolve({ agent: codeAgent({ tools: { 'look up': tool('lookup') } }), hasVersion: false });
    expect(names(merged)).toEqual(['look_up']);
    expect(merged.tools.look_up!.name).toBe('look_up');
    expect(merged.explanation.tools.look_up!.originalName).toBe('look up');
    expect(merged.warnings).toMatchObject([{ code: 'name_invalid', source: 'code', ref: 'look up' }]);
  });

  it('a renamed tool that lands on an existing name shadows it', () => {
    const merged = resolve({
      agent: codeAgent({ tools: { look_up: tool('first'), 'look up': tool('second') } }),
      hasVersion: false,
    });
    expect(merged.tools.look_up!.tool.id).toBe('second');
    expect(merged.warnings.map((warning) => warning.code)).toEqual(['name_invalid', 'name_shadowed']);
  });
});
