'use client';
/**
 * The arguments a "Calls tool" expectation asks for, said in words; editing them is an advanced
 * step (a partial JSON object, each key given must match), behind a button.
 */
import { useId, useState } from 'react';
import { argumentsInWords } from '@/lib/evaluation';
import type { Expectation } from '@/lib/schemas';
import { Button } from '../../../../_components/ui/button';
import { TextAreaField } from '../../../../_components/ui/field';
import { errorMessage } from '@/lib/errors';
import { isRecord } from '@/lib/is-record';

type ToolCalled = Extract<Expectation, { type: 'toolCalled' }>;

/** The arguments the text gives (`undefined`: any), or why it cannot be read. */
function readArguments(text: string): { args: Record<string, unknown> | undefined } | { problem: string } {
  if (text.trim() === '') return { args: undefined };
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? { args: parsed } : { problem: 'Write an object, like {"city": "Paris"}.' };
  } catch (error) {
    return { problem: `Not JSON: ${errorMessage(error)}` };
  }
}

export function ArgumentsField({
  value,
  onChange,
  error,
  onUnreadable,
}: {
  value: ToolCalled;
  onChange: (next: Expectation) => void;
  error?: string;
  onUnreadable: (problem: string | undefined) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(() => (value.args ? JSON.stringify(value.args, null, 2) : ''));
  const [problem, setProblem] = useState<string>();
  const editorId = useId();
  const hasArgs = value.args !== undefined && Object.keys(value.args).length > 0;

  function edit(next: string) {
    setText(next);
    const read = readArguments(next);
    const found = 'problem' in read ? read.problem : undefined;
    setProblem(found);
    onUnreadable(found);
    if ('args' in read) onChange(read.args ? { ...value, args: read.args } : { type: 'toolCalled', tool: value.tool });
  }

  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm">{hasArgs ? `With ${argumentsInWords(value.args)}` : 'With any arguments'}</p>
      <div>
        <Button size="sm" aria-expanded={editing} aria-controls={editorId} onClick={() => setEditing(!editing)}>
          {editing ? 'Hide arguments' : 'Edit arguments (advanced)'}
        </Button>
      </div>
      <div id={editorId} hidden={!editing && !problem}>
        {editing || problem ? (
          <TextAreaField
            label="Arguments (JSON)"
            rows={3}
            hint="A partial object: each key given must match the call's. Empty: any arguments."
            value={text}
            error={problem ?? error}
            onChange={(event) => edit(event.target.value)}
          />
        ) : null}
      </div>
    </div>
  );
}
