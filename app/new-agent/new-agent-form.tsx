'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { issuesOf } from '../_lib/action-result';
import { createAgent } from '../agents/actions';
import { Button } from '../_components/ui/button';
import { TextAreaField, TextField } from '../_components/ui/field';
import { idFromName } from '../_lib/id-from-name';
import { newAgentFormSchema } from './new-agent-schema';
import { listInWords } from '@/lib/list-in-words';
import { ModelOptions } from '../_components/model-options';
import { providerLabel, type ModelChoices } from '../_components/model-suggestions';
import { usePermissions } from '../_components/permissions';

type Values = z.input<typeof newAgentFormSchema>;
const fields = ['id', 'name', 'description', 'instructions', 'model'] as const;

/**
 * Under the Model field: which providers are not set up yet, in words, and where that is done (the
 * environment variables that can also enable them are for whoever runs the server: docs/runtime.md).
 */
function KeylessProvidersHint({ keylessProviders }: Pick<ModelChoices, 'keylessProviders'>) {
  const { administer } = usePermissions();
  const names = listInWords(keylessProviders.map(providerLabel));
  const one = keylessProviders.length === 1;
  return (
    <>
      Models marked &ldquo;needs a key&rdquo; cannot run yet: {one ? 'their provider' : 'their providers'} ({names}){' '}
      {one ? 'is' : 'are'} not set up.{' '}
      {administer ? (
        <Link href="/settings?tab=providers" className="font-medium underline">
          Save a key in Settings, Model providers
        </Link>
      ) : (
        'Ask an admin to save a key in Settings.'
      )}
    </>
  );
}

export function NewAgentForm({
  suggestions,
  keylessProviders,
}: Pick<ModelChoices, 'suggestions' | 'keylessProviders'>) {
  const router = useRouter();
  const [idEdited, setIdEdited] = useState(false);
  const [status, setStatus] = useState('');
  const form = useForm<Values>({
    resolver: zodResolver(newAgentFormSchema),
    defaultValues: { id: '', name: '', description: '', instructions: '', model: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const errorOf = (field: (typeof fields)[number]) => errors[field]?.message as string | undefined;

  const onSubmit = form.handleSubmit(async (values) => {
    setStatus('Creating the agent…');
    const { description, ...rest } = values;
    const result = await createAgent({ ...rest, ...(description ? { description } : {}) });
    if (result.ok) {
      setStatus('Agent created: opening its editor…');
      router.push(`/agents/${result.value.id}`);
      return;
    }
    const issues = issuesOf(result.error);
    for (const issue of issues) {
      const field = fields.find((name) => issue.path === name);
      if (field) form.setError(field, { message: issue.message });
    }
    if (result.error.code === 'conflict')
      form.setError('id', { message: `${result.error.message} Choose another id.` });
    setStatus(`Not created: ${result.error.message}`);
  });

  const nameField = form.register('name');
  const idField = form.register('id');
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5"
    >
      <TextField
        label="Name"
        autoComplete="off"
        error={errorOf('name')}
        {...nameField}
        onChange={(event) => {
          void nameField.onChange(event);
          if (!idEdited)
            form.setValue('id', idFromName(event.target.value), { shouldValidate: form.formState.isSubmitted });
        }}
      />
      <TextField
        label="Id"
        autoComplete="off"
        hint="Derived from the name; applications load the agent by it and it cannot change later."
        error={errorOf('id')}
        className="font-mono"
        {...idField}
        onChange={(event) => {
          setIdEdited(true);
          void idField.onChange(event);
        }}
      />
      <TextField
        label="Description"
        autoComplete="off"
        error={errorOf('description')}
        {...form.register('description')}
      />
      <TextAreaField
        label="Instructions"
        rows={6}
        hint="What the agent should do, in plain words. Prompt blocks can be added in the editor."
        error={errorOf('instructions')}
        {...form.register('instructions')}
      />
      <TextField
        label="Model"
        list="model-suggestions"
        autoComplete="off"
        placeholder="provider/model, e.g. openai/gpt-4o"
        hint={keylessProviders.length === 0 ? undefined : <KeylessProvidersHint keylessProviders={keylessProviders} />}
        error={errorOf('model')}
        {...form.register('model')}
      />
      <ModelOptions id="model-suggestions" suggestions={suggestions} />
      <div className="flex items-center gap-3">
        <Button type="submit" variant="primary" disabled={isSubmitting}>
          Create agent
        </Button>
        <p role="status" className="text-sm text-slate-700">
          {status}
        </p>
      </div>
    </form>
  );
}
