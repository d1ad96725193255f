'use client';
/**
 * A server's tool allow-list, picked from the tools the server lists live (the last connection
 * test): no list lets every tool through; a list lets through only the ticked tools (an empty one
 * lets nothing through), each with an optional description that agents see instead of the server's.
 */
import { useId } from 'react';
import { Note } from '../../_components/ui/card';
import { ToolRow } from '../../_components/tool-row';
import type { ServerTestResult } from './connection-test';
import type { AllowListMode, ServerValues } from './form-values';

export function AllowList({
  server,
  listed,
  error,
  onChange,
}: {
  server: ServerValues;
  /** The server's tools from the last test; absent until tested. */
  listed: ServerTestResult | undefined;
  error?: string;
  onChange: (next: { allowList: AllowListMode; allowed: ServerValues['allowed'] }) => void;
}) {
  const name = useId();
  const label = server.name || 'this server';
  const tools = new Map((listed?.tools ?? []).map((tool) => [tool.name, tool.description]));
  for (const allowed of Object.keys(server.allowed)) if (!tools.has(allowed)) tools.set(allowed, '');
  const only = server.allowList === 'only';
  const toggle = (tool: string, on: boolean) => {
    const allowed = { ...server.allowed };
    if (on) allowed[tool] = allowed[tool] ?? {};
    else delete allowed[tool];
    onChange({ allowList: 'only', allowed });
  };
  const describe = (tool: string, text: string) => {
    const { description: _previous, ...rest } = server.allowed[tool] ?? {};
    onChange({
      allowList: 'only',
      allowed: { ...server.allowed, [tool]: text === '' ? rest : { ...rest, description: text } },
    });
  };

  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold">Tool allow-list of {label}</legend>
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={name}
            checked={!only}
            onChange={() => onChange({ allowList: 'all', allowed: {} })}
          />
          All tools the server lists
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={name}
            checked={only}
            onChange={() => onChange({ allowList: 'only', allowed: server.allowed })}
          />
          Only the tools ticked below
        </label>
      </div>
      {error ? <p className="text-sm text-danger">{error}</p> : null}
      {only && Object.keys(server.allowed).length === 0 ? (
        <Note tone="warning">An empty allow-list lets no tool through: agents get nothing from this server.</Note>
      ) : null}
      {listed === undefined ? (
        <p className="text-sm text-slate-700">
          {server.allowList === 'only' && tools.size > 0 ? 'The allowed tools are listed below. ' : ''}Test the
          connection to list the tools the server offers now.
        </p>
      ) : !listed.ok ? (
        <p className="text-sm text-slate-700">The server could not be reached, so its tools cannot be listed now.</p>
      ) : null}
      {tools.size > 0 ? (
        <ul className="flex flex-col gap-2">
          {[...tools].map(([tool, description]) => (
            <ToolRow
              key={tool}
              name={tool}
              description={description || (listed ? 'The server does not list this tool now.' : '')}
              selected={only ? tool in server.allowed : true}
              disabled={!only}
              override={server.allowed[tool]?.description ?? ''}
              onToggle={(on) => toggle(tool, on)}
              onDescription={only ? (text) => describe(tool, text) : undefined}
            />
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
