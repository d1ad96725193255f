import type { Metadata } from 'next';
import { auditActionInWords, auditActionWords, auditDetailsInWords, auditEntityInWords } from '@/lib/editor';
import { settingsInForce } from '@/lib/settings-in-force';
import { currentStudio, type Studio } from '@/lib/studio-handle';
import {
  AddressFilterForm,
  ChoiceFilterField,
  DayRangeFields,
  TextFilterField,
} from '../_components/address-filter-form';
import { Time } from '../_components/format';
import { SimplePage } from '../_components/simple-page';
import { Pager, StaleLinkNote } from '../_components/pager';
import { Card } from '../_components/ui/card';
import { TableHead } from '../_components/ui/table-head';
import { ListTable } from '../_components/list-table';
import { cursorParam, listPageSize, loadPage } from '../_server/load-page';
import { ApiKeysPanel } from './api-keys-panel';
import { SettingsTabs } from './settings-tabs';
import { ModelProvidersPanel } from './model-providers-panel';
import { StdioLaunchSpecsPanel } from './stdio-launch-specs-panel';
import { tabOf } from './tab-names';
import { UsersPanel } from './users-panel';
import { actorOfWords, actorWords } from '../_lib/actor-words';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Settings' };

const actions = Object.entries(auditActionWords);

type Params = Record<'who' | 'what' | 'id' | 'from' | 'to' | 'cursor' | 'tab', string | string[] | undefined>;

const text = (value: string | string[] | undefined) => (typeof value === 'string' ? value.trim().slice(0, 200) : '');
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** A day's start in UTC; `next` gives the start of the following day (so "to" includes its whole day). */
function dayStart(day: string, next = false): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (next) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

export default async function SettingsPage({ searchParams }: { searchParams: Promise<Partial<Params>> }) {
  const params = await searchParams;
  const studio = currentStudio();
  return (
    <SimplePage title="Settings" className="gap-5">
      <SettingsTabs
        initial={tabOf(params.tab)}
        panels={{
          audit: <AuditLog params={params} />,
          users: <UsersPanel signInRequired={studio.access.signIn !== undefined} />,
          keys: <ApiKeysPanel />,
          stdio: <StdioLaunchSpecsPanel />,
          providers: <ModelProvidersPanel />,
        }}
      />
      <SettingsInForce settings={studio.settings} />
    </SimplePage>
  );
}

/** Every change, newest first, filtered by who, what, which and when (the filters are in the address). */
async function AuditLog({ params }: { params: Partial<Params> }) {
  const studio = currentStudio();
  const filters = {
    who: text(params.who),
    what: text(params.what),
    id: text(params.id),
    from: text(params.from),
    to: text(params.to),
  };
  const badDays = [filters.from, filters.to].filter((day) => day !== '' && !isDay(day));
  const { page, cursor, staleLink } = await loadPage(
    (from) =>
      studio.editor.audit.list({
        limit: listPageSize,
        cursor: from,
        ...(filters.who ? { actor: actorOfWords(filters.who) } : {}),
        ...(filters.what ? { action: filters.what } : {}),
        ...(filters.id ? { entityId: filters.id } : {}),
        ...(isDay(filters.from) ? { from: dayStart(filters.from) } : {}),
        ...(isDay(filters.to) ? { to: dayStart(filters.to, true) } : {}),
      }),
    cursorParam(params.cursor),
  );
  const filtered = Object.values(filters).some(Boolean);
  const hrefOf = (next: string | null) => {
    const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ''));
    if (next) query.set('cursor', next);
    const search = query.toString();
    return search ? `/settings?${search}` : '/settings';
  };

  return (
    <section aria-labelledby="audit-heading" className="flex flex-col gap-3">
      <h2 id="audit-heading" className="text-lg font-semibold">
        Audit log
      </h2>
      <p className="text-sm text-slate-700">
        Every create, save, publish, label move, restore and delete, newest first. Times are UTC.
      </p>
      <AddressFilterForm action="/settings" inForce={hrefOf(null)} filtered={filtered}>
        <TextFilterField label="Who" name="who" value={filters.who} className="w-40" />
        <ChoiceFilterField label="What" name="what" value={filters.what} any="any change" choices={actions} />
        <TextFilterField label="Agent, client or integration id" name="id" value={filters.id} className="w-64" />
        <DayRangeFields from={filters.from} to={filters.to} />
      </AddressFilterForm>
      {badDays.length ? (
        <p className="text-sm text-danger">Dates are written YYYY-MM-DD; {badDays.join(', ')} was ignored.</p>
      ) : null}
      <StaleLinkNote staleLink={staleLink} />
      {page.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4">
          {filtered ? 'No change matches these filters.' : 'Nothing has changed yet.'}
        </p>
      ) : (
        <AuditTable entries={page.items} />
      )}
      <Pager label="Pages of the audit log" cursor={cursor} nextCursor={page.nextCursor} hrefOf={hrefOf} />
    </section>
  );
}

type AuditEntries = Awaited<ReturnType<Studio['editor']['audit']['list']>>['items'];

function AuditTable({ entries }: { entries: AuditEntries }) {
  return (
    <ListTable
      aria-label="Audit log"
      columns={['When', 'Who', 'What', 'Which', 'Details']}
      items={entries}
      keyOf={(entry) => entry.id}
      cells={(entry) => (
        <>
          <td className="p-2.5">
            <Time iso={entry.at} />
          </td>
          <td className="p-2.5">{actorWords(entry.actor)}</td>
          <td className="p-2.5">{auditActionInWords(entry.action)}</td>
          <td className="p-2.5">
            <span className="text-slate-600">{auditEntityInWords(entry.entity)}</span>
            {entry.entityId === entry.entity ? null : <span className="font-mono"> {entry.entityId}</span>}
          </td>
          <td className="p-2.5 text-xs text-slate-700">
            <AuditDetails entry={entry} />
          </td>
        </>
      )}
    />
  );
}

/** Labelled values, one a line: "Changed: Tools, Request context fields". */
function AuditDetails({ entry }: { entry: AuditEntries[number] }) {
  const details = auditDetailsInWords(entry);
  if (details.length === 0) return null;
  return (
    <ul className="flex flex-col gap-0.5">
      {details.map(({ label, value }) => (
        <li key={`${label}: ${value}`}>
          <span className="text-slate-600">{label}:</span> <span className="break-words">{value}</span>
        </li>
      ))}
    </ul>
  );
}

/** The settings in force, read-only, secrets masked. */
function SettingsInForce({ settings }: { settings: Studio['settings'] }) {
  return (
    <section aria-labelledby="settings-heading" className="flex flex-col gap-3">
      <h2 id="settings-heading" className="text-lg font-semibold">
        Settings in force
      </h2>
      <p className="text-sm text-slate-700">
        Read from environment variables when the studio started (or from <code>studio.config.ts</code>); change them
        where the studio is started, then restart it. Secret values are never shown.
      </p>
      <Card className="p-0">
        <table aria-label="Settings in force" className="w-full border-collapse text-sm">
          <TableHead columns={['Environment variable', 'Setting', 'Value']} />
          <tbody>
            {settingsInForce(settings).map((row) => (
              <tr key={row.variable} className="border-b border-slate-100 align-top last:border-0">
                <td className="p-2.5 font-mono">{row.variable}</td>
                <td className="p-2.5 font-mono text-slate-700">{row.setting}</td>
                <td
                  className="p-2.5 break-all"
                  {...(row.variable === 'DATABASE_URL' || row.variable === 'PORT'
                    ? { 'data-volatile': 'setting' }
                    : {})}
                >
                  {row.value}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </section>
  );
}
