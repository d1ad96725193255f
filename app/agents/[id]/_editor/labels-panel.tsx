'use client';
import { useState, type ReactNode } from 'react';
import type { LabelView, VersionView } from '@/lib/editor';
import { usePermissions } from '../../../_components/permissions';
import { Button } from '../../../_components/ui/button';
import { Card } from '../../../_components/ui/card';
import { SelectField, TextField } from '../../../_components/ui/field';
import { deleteLabel, setLabel } from '../../actions';

const labelsLead =
  'Labels are names for versions that applications can load (for example staging). production and latest are kept by the studio: production is the published version, latest the newest.';

/** The labels' card: what labels are, and whether there are any yet. */
function LabelsCard({ count, children }: { count: number; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-3">
      <h3 className="font-semibold">Labels</h3>
      <p className="text-sm text-slate-700">{labelsLead}</p>
      {count === 0 ? <p className="text-sm">No custom labels yet.</p> : null}
      {children}
    </Card>
  );
}

/** The custom labels for someone who may look but not change them. */
function LabelList({ labels }: { labels: LabelView[] }) {
  return (
    <LabelsCard count={labels.length}>
      <ul className="flex flex-col gap-1 text-sm">
        {labels.map((label) => (
          <li key={label.name} className="font-mono">
            {label.name} → version {label.versionNumber}
          </li>
        ))}
      </ul>
    </LabelsCard>
  );
}

/** Custom labels (staging, canary, ...): add one, move it to another version, delete it. */
export function LabelsPanel({
  agentId,
  labels,
  versions,
  announce,
  refresh,
}: {
  agentId: string;
  labels: LabelView[];
  versions: VersionView[];
  announce: (text: string) => void;
  refresh: () => void;
}) {
  const custom = labels.filter((label) => !label.computed);
  const [name, setName] = useState('');
  const [target, setTarget] = useState(String(versions[0]?.versionNumber ?? ''));
  const [nameError, setNameError] = useState<string | undefined>();
  const [moveTo, setMoveTo] = useState<Record<string, string>>({});
  // The token a move answered with, so a next move or delete does not wait for the page to reload.
  const [tokens, setTokens] = useState<Record<string, string | null>>({});
  const tokenOf = (label: LabelView) => (label.name in tokens ? tokens[label.name]! : label.revisionToken);
  const { edit } = usePermissions();
  if (!edit) return <LabelList labels={custom} />;

  async function add() {
    announce(`Adding label ${name}…`);
    const result = await setLabel({
      id: agentId,
      label: name.trim(),
      versionNumber: Number(target),
      expectedRevisionToken: null,
    });
    if (!result.ok) {
      setNameError(result.error.message);
      return announce(`Label not added: ${result.error.message}`);
    }
    setNameError(undefined);
    setName('');
    setTokens((current) => ({ ...current, [result.value.name]: result.value.revisionToken }));
    announce(`Label ${result.value.name} now points at version ${result.value.versionNumber}`);
    refresh();
  }

  async function move(label: LabelView) {
    const versionNumber = Number(moveTo[label.name] ?? label.versionNumber);
    announce(`Moving label ${label.name}…`);
    const result = await setLabel({
      id: agentId,
      label: label.name,
      versionNumber,
      expectedRevisionToken: tokenOf(label),
    });
    if (!result.ok)
      return announce(`Label not moved: ${result.error.message} Reload the page to see its current version.`);
    setTokens((current) => ({ ...current, [label.name]: result.value.revisionToken }));
    announce(`Label ${label.name} now points at version ${versionNumber}`);
    refresh();
  }

  async function remove(label: LabelView) {
    announce(`Deleting label ${label.name}…`);
    const result = await deleteLabel({ id: agentId, label: label.name, expectedRevisionToken: tokenOf(label) ?? '' });
    if (!result.ok) return announce(`Label not deleted: ${result.error.message}`);
    announce(`Label ${label.name} deleted`);
    refresh();
  }

  const versionOptions = versions.map((version) => (
    <option key={version.id} value={version.versionNumber}>
      Version {version.versionNumber}
    </option>
  ));

  return (
    <LabelsCard count={custom.length}>
      <ul className="flex flex-col gap-2">
        {custom.map((label) => (
          <li key={label.name} className="flex flex-wrap items-end gap-2 text-sm">
            <span className="min-w-32 font-mono">
              {label.name} → version {label.versionNumber}
            </span>
            <SelectField
              label={`Move ${label.name} to`}
              value={moveTo[label.name] ?? String(label.versionNumber)}
              onChange={(event) => setMoveTo((current) => ({ ...current, [label.name]: event.target.value }))}
            >
              {versionOptions}
            </SelectField>
            <Button size="sm" onClick={() => void move(label)}>
              Move {label.name}
            </Button>
            <Button size="sm" variant="danger" onClick={() => void remove(label)}>
              Delete {label.name}
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          label="Label name"
          value={name}
          error={nameError}
          placeholder="staging"
          hint="1-64 of a-z, 0-9, . _ -"
          onChange={(event) => setName(event.target.value)}
        />
        <SelectField label="Version for the label" value={target} onChange={(event) => setTarget(event.target.value)}>
          {versionOptions}
        </SelectField>
        <Button size="sm" variant="primary" disabled={name.trim() === ''} onClick={add}>
          Add label
        </Button>
      </div>
    </LabelsCard>
  );
}
