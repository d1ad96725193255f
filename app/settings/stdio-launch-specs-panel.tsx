'use client';
/**
 * Stdio launch specs: the commands saved stdio MCP servers may run on this machine, each with the
 * leading arguments it fixes. Entries from the setting (`STUDIO_STDIO_ALLOWED_COMMANDS`) are shown
 * read-only; an admin approves more here (stored, audited) and removes them again. The API checks
 * the admin role and refuses a bare interpreter, which would admit any code.
 */
import type { OperationOutput } from '@/lib/client';
import { stdioLaunchSpecBodySchema } from '@/lib/schemas';
import { formatTime } from '../_components/format';
import { Button } from '../_components/ui/button';
import { TextField } from '../_components/ui/field';
import { callOperation } from '../_lib/api-fetch';
import { bodyCheck, CreateOnDemand } from './create-on-demand';
import { ManagedList, useManagedList } from './managed-list';
import { actorWords } from '../_lib/actor-words';

type LaunchSpecRow = OperationOutput<'listStdioLaunchSpecs'>['items'][number];

/** The form's values: the arguments typed as one line, one word each. */
interface SpecFormValues {
  command: string;
  args: string;
}

const specBody = ({ command, args }: SpecFormValues) => ({
  command: command.trim(),
  args: args.split(/\s+/).filter(Boolean),
});

const specFormSchema = bodyCheck(stdioLaunchSpecBodySchema, specBody);

function NewSpec({ onCreated }: { onCreated: () => void }) {
  return (
    <CreateOnDemand
      opener="Approve a launch spec"
      schema={specFormSchema}
      defaultValues={{ command: '', args: '' }}
      send={(values) => callOperation('createStdioLaunchSpec', { body: specBody(values) })}
      onMade={onCreated}
      shown={(made) => (
        <p role="status" className="text-sm text-slate-700">
          Approved: {[made.command, ...made.args].join(' ')}
        </p>
      )}
      fields={(field) => (
        <>
          <TextField label="Command" required className="w-64 font-mono" autoComplete="off" {...field('command')} />
          <TextField
            label="Leading arguments"
            className="w-96 font-mono"
            autoComplete="off"
            placeholder="-y @modelcontextprotocol/server-everything"
            {...field('args')}
          />
          <Button type="submit" variant="primary">
            Approve
          </Button>
        </>
      )}
    />
  );
}

export function StdioLaunchSpecsPanel() {
  const list = useManagedList('listStdioLaunchSpecs', { query: { limit: 100 } });
  const remove = (spec: LaunchSpecRow) =>
    list.change(
      callOperation('deleteStdioLaunchSpec', { params: { id: spec.id } }),
      `Removed: ${spec.command} no longer starts for new connections.`,
      'Not removed',
    );

  return (
    <ManagedList
      label="Stdio launch specs"
      note={
        <>
          A saved stdio server runs only when its command equals a spec&rsquo;s command and its arguments start with the
          spec&rsquo;s. Specs from the setting STUDIO_STDIO_ALLOWED_COMMANDS change only there.
        </>
      }
      adder={<NewSpec onCreated={() => void list.reload()} />}
      list={list}
      empty="No launch specs: no stdio server can start."
      columns={['Command', 'Leading arguments', 'From', 'Actions']}
      keyOf={(spec) => spec.id}
      cells={(spec) => (
        <>
          <td className="p-2.5 font-mono break-all">{spec.command}</td>
          <td className="p-2.5 font-mono break-all">{spec.args.join(' ') || 'none'}</td>
          <td className="p-2.5" data-volatile="time">
            {spec.source === 'setting'
              ? 'Setting (read-only)'
              : `Approved ${spec.createdAt ? formatTime(spec.createdAt) : ''} by ${spec.createdBy ? actorWords(spec.createdBy) : 'someone'}`}
          </td>
          <td className="p-2.5">
            {spec.source === 'stored' ? (
              <Button size="sm" variant="danger" onClick={() => void remove(spec)}>
                Remove
              </Button>
            ) : null}
          </td>
        </>
      )}
    />
  );
}
