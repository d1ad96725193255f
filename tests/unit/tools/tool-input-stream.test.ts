import { describe, expect, it } from 'vitest';
import { createTool, createToolInputStream, parsePartialToolInput, type ToolTransform } from '@/lib/tools';
import { createRecordingLogger } from './recording-logger';

describe('parsePartialToolInput', () => {
  it.each([
    ['', undefined],
    ['   ', undefined],
    ['{', {}],
    ['{"ci', {}],
    ['{"city":"Os', { city: 'Os' }],
    ['{"city":"Oslo","days":[1,2', { city: 'Oslo', days: [1, 2] }],
    ['{"metric":tru', { metric: true }],
    ['{"city":"Oslo"}', { city: 'Oslo' }],
    ['not json', undefined],
  ])('reads %j as %j', (text, expected) => {
    expect(parsePartialToolInput(text)).toEqual(expected);
  });

  it('reads every prefix of a streamed argument text without throwing, ending with the full value', () => {
    const full = JSON.stringify({ city: 'Oslo', days: [1, 2, 3], options: { metric: true, note: 'a "quoted" word' } });
    for (let end = 0; end <= full.length; end++) expect(() => parsePartialToolInput(full.slice(0, end))).not.toThrow();
    expect(parsePartialToolInput(full)).toEqual(JSON.parse(full));
  });
});

describe('createToolInputStream', () => {
  const deltas = ['{"ci', 'ty":"Os', 'lo"}'];

  function streamAll(transform: ToolTransform | undefined) {
    const { logger, entries } = createRecordingLogger();
    const tool = createTool({ id: 'weather-tool', description: 'd', transform });
    const stream = createToolInputStream({ tool, toolName: 'weatherTool', toolCallId: 'c1', logger });
    const views = deltas.map((delta) => stream.push(delta));
    return { views, entries, accumulated: stream.accumulated };
  }

  it('accumulates the argument text', () => {
    expect(streamAll(undefined).accumulated).toBe('{"city":"Oslo"}');
  });

  it('lets raw deltas flow to both targets when the tool has no transform', () => {
    expect(streamAll(undefined).views.map((view) => view.display)).toEqual(
      deltas.map((delta) => ({ shown: true, value: delta })),
    );
  });

  it('shapes deltas with display.inputDelta, which sees each delta and the accumulated text', () => {
    const seen: unknown[] = [];
    const { views } = streamAll({
      display: { inputDelta: (argument) => (seen.push(argument), `${argument.accumulated.length} characters`) },
    });
    expect(views.map((view) => view.display)).toEqual([
      { shown: true, value: '4 characters' },
      { shown: true, value: '11 characters' },
      { shown: true, value: '15 characters' },
    ]);
    expect(seen[1]).toEqual({
      toolName: 'weatherTool',
      toolCallId: 'c1',
      delta: 'ty":"Os',
      accumulated: '{"city":"Os',
    });
    expect(views.map((view) => view.transcript)).toEqual(deltas.map((delta) => ({ shown: true, value: delta })));
  });

  it('suppresses every delta when a display transform has no inputDelta (partial input never leaks)', () => {
    const { views } = streamAll({ display: { input: () => 'shaped input' } });
    expect(views.map((view) => view.display)).toEqual([{ shown: false }, { shown: false }, { shown: false }]);
  });

  it('suppresses and logs the deltas a throwing inputDelta cannot shape', () => {
    const { views, entries } = streamAll({
      display: {
        inputDelta: () => {
          throw new Error('broken');
        },
      },
    });
    expect(views.every((view) => view.display.shown === false)).toBe(true);
    expect(entries).toHaveLength(3);
  });
});
