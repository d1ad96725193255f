'use client';
/** One server of a saved MCP client: name, transport (stdio or HTTP) and its settings, allow-list. */
import { useId, type ChangeEvent } from 'react';
import { usePermissions } from '../../_components/permissions';
import { Button } from '../../_components/ui/button';
import { TextAreaField, TextField } from '../../_components/ui/field';
import { AllowList } from './allow-list';
import type { ServerTestResult } from './connection-test';
import type { ServerValues } from './form-values';
import { SecretField } from '../../_components/secret-field';

/** The server settings edited as plain text. */
type TextSetting = 'name' | 'command' | 'args' | 'url' | 'timeout';

const transports = [
  ['stdio', 'stdio'],
  ['http', 'HTTP'],
] as const;

export function ServerFields({
  index,
  server,
  errorOf,
  onChange,
  onRemove,
  listed,
  allowedCommands,
}: {
  index: number;
  server: ServerValues;
  /** The error of a field of this server (`command`, `env.0.value`, ...). */
  errorOf: (field: string) => string | undefined;
  onChange: (next: ServerValues) => void;
  onRemove?: () => void;
  listed: ServerTestResult | undefined;
  allowedCommands: string[];
}) {
  const transport = useId();
  // Only admins may save stdio servers: others are not offered the choice (a stdio server they
  // open stays shown as it is).
  const { administer } = usePermissions();
  const set = (patch: Partial<ServerValues>) => onChange({ ...server, ...patch });
  const title = server.name ? `Server ${server.name}` : `Server ${index + 1}`;
  /** What ties a text field to the server setting of the same name: its value, its error, its change. */
  const bind = (field: TextSetting) => ({
    value: server[field],
    error: errorOf(field),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set({ [field]: event.target.value } as Partial<ServerValues>),
  });

  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-300 bg-white p-4">
      <legend className="px-1 font-semibold">{title}</legend>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="Server name"
          className="w-64"
          autoComplete="off"
          hint="Letters, digits and -. Tools are named server_tool."
          {...bind('name')}
        />
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium text-slate-800">Transport</legend>
          <div className="flex gap-4 py-1.5 text-sm">
            {transports
              .filter(([type]) => administer || type !== 'stdio' || server.type === 'stdio')
              .map(([type, label]) => (
                <label key={type} className="flex items-center gap-2">
                  <input type="radio" name={transport} checked={server.type === type} onChange={() => set({ type })} />
                  {label}
                </label>
              ))}
          </div>
        </fieldset>
        {onRemove ? (
          <Button size="sm" variant="danger" className="mb-1.5" onClick={onRemove}>
            Remove server
          </Button>
        ) : null}
      </div>
      {server.type === 'stdio' ? (
        <>
          <TextField
            label="Command"
            autoComplete="off"
            hint={
              allowedCommands.length
                ? `Run directly, never through a shell. Approved launch specs (the command, then the arguments it must start with): ${allowedCommands.join('; ')}.`
                : 'Run directly, never through a shell. No launch spec is approved on this deployment yet: an admin approves them under Settings, "Stdio launch specs", or in the setting STUDIO_STDIO_ALLOWED_COMMANDS.'
            }
            {...bind('command')}
          />
          <TextAreaField
            label="Arguments"
            rows={3}
            hint="One argument per line, passed as they are (no quoting needed)."
            {...bind('args')}
          />
          <EnvironmentFields server={server} errorOf={errorOf} set={set} />
        </>
      ) : (
        <TextField
          label="URL"
          autoComplete="off"
          placeholder="https://example.com/mcp"
          hint="Streamable HTTP (falls back to SSE). Credentials in the URL are stored encrypted and shown masked."
          {...bind('url')}
        />
      )}
      <TextField
        label="Timeout (ms)"
        className="w-48"
        inputMode="numeric"
        autoComplete="off"
        hint="Optional. Caps connecting, listing and each call."
        {...bind('timeout')}
      />
      <AllowList server={server} listed={listed} error={errorOf('allowed')} onChange={(next) => set(next)} />
    </fieldset>
  );
}

/** A stdio server's environment: variable names with their values as secrets (masked once saved). */
function EnvironmentFields({
  server,
  errorOf,
  set,
}: {
  server: ServerValues;
  errorOf: (field: string) => string | undefined;
  set: (patch: Partial<ServerValues>) => void;
}) {
  const setEnv = (row: number, patch: Partial<ServerValues['env'][number]>) =>
    set({ env: server.env.map((entry, at) => (at === row ? { ...entry, ...patch } : entry)) });
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-slate-800">Environment variables</legend>
      {errorOf('envError') ? <p className="text-sm text-danger">{errorOf('envError')}</p> : null}
      {server.env.length === 0 ? (
        <p className="text-sm text-slate-700">
          None. The command gets only a minimal environment (PATH, HOME and the like).
        </p>
      ) : null}
      {server.env.map((row, at) => (
        <div key={at} className="flex flex-wrap items-start gap-3">
          <TextField
            label="Variable name"
            className="w-56"
            autoComplete="off"
            value={row.name}
            readOnly={row.saved}
            error={errorOf(`env.${at}.name`)}
            onChange={(event) => setEnv(at, { name: event.target.value })}
          />
          <SecretField
            label={row.name ? `Value of ${row.name}` : 'Value'}
            value={row.value}
            saved={row.saved}
            error={errorOf(`env.${at}.value`)}
            onChange={(value) => setEnv(at, { value })}
            onReplace={() => setEnv(at, { value: '', saved: false })}
            savedHint="Saved secret, shown masked. Saving keeps it while the command and its arguments stay the same."
          />
          <Button
            size="sm"
            variant="danger"
            className="mt-6"
            aria-label={`Remove ${row.name || 'variable'}`}
            onClick={() => set({ env: server.env.filter((_, other) => other !== at) })}
          >
            Remove
          </Button>
        </div>
      ))}
      <div>
        <Button size="sm" onClick={() => set({ env: [...server.env, { name: '', value: '', saved: false }] })}>
          Add variable
        </Button>
      </div>
    </fieldset>
  );
}
