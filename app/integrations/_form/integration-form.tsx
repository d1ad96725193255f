'use client';
/**
 * Create or replace a stored OpenAPI integration: the document pasted or read from a file (JSON
 * or YAML), a base URL, and credentials whose secret is shown masked once saved. The form checks
 * the fields with the API's own schemas before sending; the server checks the document with its
 * loader. Every problem appears beside its field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../_components/ui/button';
import { TextField } from '../../_components/ui/field';
import { NameAndIdFields } from '../../_components/name-and-id-fields';
import { UnsavedChangesGuard } from '../../_components/unsaved-changes-guard';
import { issuesOf } from '../../_lib/action-result';
import { isMarkedDirty } from '../../_lib/form-dirty';
import { saveIntegration } from '../actions';
import { CredentialFields } from './credential-fields';
import { DocumentField } from './document-field';
import { integrationFormSchema } from './form-schema';
import { credentialsOf, fieldOfIssue, valuesOfIntegration, type StoredIntegration } from './form-values';
import { boundField } from '../../_lib/bound-field';

type Issue = { path: string; message: string };

const isDocumentIssue = (issue: Issue) => issue.path === 'document' || issue.path.startsWith('document.');

export function IntegrationForm({
  stored,
  announce,
}: {
  stored?: StoredIntegration;
  announce: (text: string) => void;
}) {
  const router = useRouter();
  const editing = stored !== undefined;
  const form = useForm({ resolver: zodResolver(integrationFormSchema), defaultValues: valuesOfIntegration(stored) });
  const [documentIssues, setDocumentIssues] = useState<Issue[]>([]);
  const values = form.watch();
  const { isSubmitting, dirtyFields } = form.formState;

  const submit = form.handleSubmit(
    async (current) => {
      form.clearErrors();
      setDocumentIssues([]);
      announce('Checking and saving the integration…');
      const credentials = credentialsOf(current);
      const result = await saveIntegration({
        id: current.id,
        documentText: current.documentText,
        ...(current.name.trim() ? { name: current.name.trim() } : {}),
        ...(current.baseUrl.trim() ? { baseUrl: current.baseUrl.trim() } : {}),
        ...(credentials ? { credentials } : {}),
      });
      if (result.ok) {
        announce(`Integration ${result.value.id} saved: ${result.value.tools} operations as tools`);
        if (!editing) router.push(`/integrations/${result.value.id}`);
        else {
          form.reset(current);
          router.refresh();
        }
        return;
      }
      const issues = issuesOf(result.error);
      setDocumentIssues(issues.filter(isDocumentIssue));
      for (const issue of issues) {
        const field = fieldOfIssue(issue.path);
        if (field) form.setError(field, { message: issue.message });
      }
      if (result.error.code === 'conflict' && !issues.length) form.setError('id', { message: result.error.message });
      const { message } = result.error;
      announce(message.startsWith('Not saved') ? message : `Not saved: ${message}`);
    },
    () => announce('Not saved: correct the fields marked.'),
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5">
      <NameAndIdFields
        form={form}
        idFixed={editing}
        nameHint="Optional: the document's title is used when empty."
        idHint="Agents refer to the integration by it; it cannot change later."
      />
      <TextField
        label="Base URL"
        autoComplete="off"
        placeholder="https://api.example.com"
        hint="Optional: where requests go; the document's first server is used when empty."
        {...boundField(form, 'baseUrl')}
      />
      <DocumentField form={form} issues={documentIssues} announce={announce} />
      <CredentialFields form={form} values={values} />
      <div>
        <Button type="submit" variant="primary" disabled={isSubmitting}>
          Save
        </Button>
      </div>
      <UnsavedChangesGuard dirty={isMarkedDirty(dirtyFields)} what="This integration" />
    </form>
  );
}
