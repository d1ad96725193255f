'use client';
/**
 * Model providers: the key (and, where the provider takes one, the base URL) each built-in provider
 * runs with. A key is write only: the field is never filled again, the panel only says whether a key
 * is saved (or comes from the environment) and offers to clear a saved one. A saved value wins over
 * the environment variable and is used by the next run, without a restart.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { OperationOutput } from '@/lib/client';
import { modelProviderNames, modelProvidersBodySchema, type ModelProviderName } from '@/lib/schemas';
import { FormAlert } from '../_components/form-alert';
import { Button } from '../_components/ui/button';
import { Card, Note } from '../_components/ui/card';
import { TextField } from '../_components/ui/field';
import { boundField } from '../_lib/bound-field';
import { callOperation } from '../_lib/api-fetch';
import { useOperationList } from '../_lib/use-operation-list';

type ProviderRow = OperationOutput<'listModelProviders'>['items'][number];

type FormValues = Record<ModelProviderName, { apiKey: string; baseUrl: string }>;

/** The body a save sends: a typed key replaces the saved one; an emptied base URL removes the saved one. */
function bodyOf(values: FormValues, rows: ProviderRow[]) {
  const providers: Record<string, { apiKey?: string; baseUrl?: string | null }> = {};
  for (const row of rows) {
    const { apiKey, baseUrl } = values[row.name];
    const change: { apiKey?: string; baseUrl?: string | null } = {};
    if (apiKey.trim() !== '') change.apiKey = apiKey.trim();
    const typed = baseUrl.trim();
    if (row.takesBaseUrl && typed !== (row.baseUrl ?? '')) {
      if (typed !== '') change.baseUrl = typed;
      else if (row.baseUrlSource === 'stored') change.baseUrl = null;
    }
    if (Object.keys(change).length > 0) providers[row.name] = change;
  }
  return { providers };
}

/** The form checks the body it would send with the API's schema, each problem beside its field. */
const formSchema = (rows: ProviderRow[]) =>
  z.custom<FormValues>().superRefine((values, context) => {
    const parsed = modelProvidersBodySchema.safeParse(bodyOf(values, rows));
    for (const issue of parsed.error?.issues ?? [])
      context.addIssue({ code: 'custom', path: issue.path.slice(1).map(String), message: issue.message });
  });

const emptyValues = (rows: ProviderRow[]): FormValues =>
  Object.fromEntries(
    modelProviderNames.map((name) => {
      const row = rows.find((candidate) => candidate.name === name);
      return [name, { apiKey: '', baseUrl: row?.baseUrl ?? '' }];
    }),
  ) as FormValues;

function keyState(row: ProviderRow): string {
  if (row.keySource === 'stored') return 'A key is saved.';
  if (row.keySource === 'env') return 'A key is set in the environment; a key saved here takes its place.';
  return row.name === 'compatible' ? 'No key: local servers often need none.' : 'No key: its models cannot run.';
}

function ProvidersForm({
  rows,
  onSaved,
}: {
  rows: ProviderRow[];
  onSaved: (rows: ProviderRow[], status: string) => void;
}) {
  const [error, setError] = useState<string>();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema(rows)), defaultValues: emptyValues(rows) });

  const submit = form.handleSubmit(async (values) => {
    const answer = await callOperation('updateModelProviders', { body: bodyOf(values, rows) });
    if (!answer.ok) return setError(answer.message);
    onSaved(answer.value.items, 'Saved. The next run uses these settings.');
  });

  async function clearKey(row: ProviderRow) {
    const answer = await callOperation('updateModelProviders', {
      body: { providers: { [row.name]: { clearKey: true } } },
    });
    if (!answer.ok) return setError(answer.message);
    onSaved(answer.value.items, `The saved key for ${row.label} was cleared.`);
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Model providers"
      className="flex flex-col gap-3"
    >
      {rows.map((row) => (
        <Card key={row.name} className="flex flex-col gap-2">
          <h3 className="font-semibold">{row.label}</h3>
          <div className="flex flex-wrap items-end gap-3">
            <TextField
              label={`API key for ${row.label}`}
              type="password"
              autoComplete="off"
              className="w-96"
              hint={keyState(row)}
              {...boundField(form, `${row.name}.apiKey`)}
            />
            {row.keySource === 'stored' ? (
              <Button size="sm" variant="danger" onClick={() => void clearKey(row)}>
                {`Clear key for ${row.label}`}
              </Button>
            ) : null}
          </div>
          {row.takesBaseUrl ? (
            <TextField
              label={`Base URL for ${row.label}`}
              autoComplete="off"
              className="w-96"
              placeholder={row.name === 'compatible' ? 'http://127.0.0.1:11434/v1' : 'https://api.openai.com/v1'}
              hint={row.baseUrlSource === 'env' ? 'From the environment; a URL saved here takes its place.' : undefined}
              {...boundField(form, `${row.name}.baseUrl`)}
            />
          ) : null}
        </Card>
      ))}
      <FormAlert message={error} />
      <Button type="submit" variant="primary" className="self-start" disabled={form.formState.isSubmitting}>
        Save providers
      </Button>
    </form>
  );
}

export function ModelProvidersPanel() {
  const { items, error, reload } = useOperationList('listModelProviders', {});
  // Each save starts the form again from the answer: typed keys are not kept, base URLs show what is in force.
  const [saved, setSaved] = useState<{ rows: ProviderRow[]; count: number; status: string }>();
  const rows = saved?.rows ?? items;
  return (
    <section aria-label="Model providers" className="flex flex-col gap-3">
      <Note>
        Keys are stored encrypted and never shown again. A key or base URL saved here wins over the provider&rsquo;s
        environment variable and is used by the next run, without a restart.
      </Note>
      {error ? <p className="text-sm text-danger">{error}</p> : null}
      {rows ? (
        <ProvidersForm
          key={saved?.count ?? 0}
          rows={rows}
          onSaved={(next, status) => {
            setSaved((previous) => ({ rows: next, count: (previous?.count ?? 0) + 1, status }));
            void reload();
          }}
        />
      ) : null}
      <p role="status" className="text-sm text-slate-700">
        {saved?.status ?? ''}
      </p>
    </section>
  );
}
