'use client';
/**
 * Create or replace a stored OpenAPI integration: the document pasted or read from a file (JSON
 * or YAML), a base URL, and credentials whose secret is shown masked once saved. The server checks
 * everything with the API's own schema and document loader; problems appear beside their fields.
 */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SecretField } from '../../_components/secret-field';
import { Button } from '../../_components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../_components/ui/field';
import { UnsavedChangesGuard } from '../../_components/unsaved-changes-guard';
import { issuesOf } from '../../_lib/action-result';
import { isMarkedDirty } from '../../_lib/form-dirty';
import { idFromName } from '../../_lib/id-from-name';
import { saveIntegration } from '../actions';

type CredentialType = 'none' | 'bearer' | 'apiKey' | 'basic';

export interface IntegrationFormValues {
  id: string;
  name: string;
  baseUrl: string;
  documentText: string;
  credentialType: CredentialType;
  apiKeyIn: 'header' | 'query';
  apiKeyName: string;
  username: string;
  /** The token, the API key's value or the password. */
  secret: string;
  /** The secret is the saved one, masked. */
  secretSaved: boolean;
}

/** What the integration's page knows of a stored config. */
export interface StoredIntegration {
  id: string;
  name: string;
  baseUrl?: string;
  document: Record<string, unknown>;
  credentials?:
    | { type: 'bearer'; token: string }
    | { type: 'apiKey'; in: 'header' | 'query'; name: string; value: string }
    | { type: 'basic'; username: string; password: string };
}

export function valuesOfIntegration(stored: StoredIntegration | undefined): IntegrationFormValues {
  const credentials = stored?.credentials;
  return {
    id: stored?.id ?? '',
    name: stored?.name ?? '',
    baseUrl: stored?.baseUrl ?? '',
    documentText: stored ? JSON.stringify(stored.document, null, 2) : '',
    credentialType: credentials?.type ?? 'none',
    apiKeyIn: credentials?.type === 'apiKey' ? credentials.in : 'header',
    apiKeyName: credentials?.type === 'apiKey' ? credentials.name : '',
    username: credentials?.type === 'basic' ? credentials.username : '',
    secret:
      credentials?.type === 'bearer'
        ? credentials.token
        : credentials?.type === 'apiKey'
          ? credentials.value
          : credentials?.type === 'basic'
            ? credentials.password
            : '',
    secretSaved: credentials !== undefined,
  };
}

function credentialsOf(values: IntegrationFormValues): Record<string, unknown> | undefined {
  switch (values.credentialType) {
    case 'none':
      return undefined;
    case 'bearer':
      return { type: 'bearer', token: values.secret };
    case 'apiKey':
      return { type: 'apiKey', in: values.apiKeyIn, name: values.apiKeyName, value: values.secret };
    case 'basic':
      return { type: 'basic', username: values.username, password: values.secret };
  }
}

const secretLabels: Record<Exclude<CredentialType, 'none'>, string> = {
  bearer: 'Token',
  apiKey: 'Key value',
  basic: 'Password',
};
const fieldOfIssue: Record<string, keyof IntegrationFormValues> = {
  id: 'id',
  name: 'name',
  baseUrl: 'baseUrl',
  'credentials.token': 'secret',
  'credentials.value': 'secret',
  'credentials.password': 'secret',
  'credentials.name': 'apiKeyName',
  'credentials.username': 'username',
};

export function IntegrationForm({
  stored,
  announce,
}: {
  stored?: StoredIntegration;
  announce: (text: string) => void;
}) {
  const router = useRouter();
  const editing = stored !== undefined;
  const form = useForm<IntegrationFormValues>({ defaultValues: valuesOfIntegration(stored) });
  const [idEdited, setIdEdited] = useState(editing);
  const [documentIssues, setDocumentIssues] = useState<Array<{ path: string; message: string }>>([]);
  const values = form.watch();
  const { errors, isSubmitting, dirtyFields } = form.formState;
  const dirty = isMarkedDirty(dirtyFields);

  const submit = form.handleSubmit(async (current) => {
    form.clearErrors();
    setDocumentIssues([]);
    announce('Checking and saving the integration…');
    const result = await saveIntegration({
      id: current.id,
      documentText: current.documentText,
      ...(current.name.trim() ? { name: current.name.trim() } : {}),
      ...(current.baseUrl.trim() ? { baseUrl: current.baseUrl.trim() } : {}),
      ...(credentialsOf(current) ? { credentials: credentialsOf(current) } : {}),
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
    setDocumentIssues(issues.filter((issue) => issue.path === 'document' || issue.path.startsWith('document.')));
    for (const issue of issues) {
      const field = fieldOfIssue[issue.path] ?? (issue.path.startsWith('credentials') ? 'secret' : undefined);
      if (field) form.setError(field, { message: issue.message });
    }
    if (result.error.code === 'conflict' && !issues.length) form.setError('id', { message: result.error.message });
    announce(
      result.error.message.startsWith('Not saved') ? result.error.message : `Not saved: ${result.error.message}`,
    );
  });

  async function readFile(file: File | undefined) {
    if (!file) return;
    form.setValue('documentText', await file.text(), { shouldDirty: true });
    announce(`Read ${file.name}`);
  }

  const nameField = form.register('name');
  const idField = form.register('id');
  const credentialTypeField = form.register('credentialType');
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5">
      <TextField
        label="Name"
        autoComplete="off"
        error={errors.name?.message}
        hint="Optional: the document's title is used when empty."
        {...nameField}
        onChange={(event) => {
          void nameField.onChange(event);
          if (!idEdited) form.setValue('id', idFromName(event.target.value));
        }}
      />
      {editing ? null : (
        <TextField
          label="Id"
          autoComplete="off"
          className="font-mono"
          hint="Agents refer to the integration by it; it cannot change later."
          error={errors.id?.message}
          {...idField}
          onChange={(event) => {
            setIdEdited(true);
            void idField.onChange(event);
          }}
        />
      )}
      <TextField
        label="Base URL"
        autoComplete="off"
        placeholder="https://api.example.com"
        hint="Optional: where requests go; the document's first server is used when empty."
        error={errors.baseUrl?.message}
        {...form.register('baseUrl')}
      />
      <div className="flex flex-col gap-2">
        <TextAreaField
          label="OpenAPI document"
          rows={12}
          spellCheck={false}
          hint="OpenAPI 3.0 or 3.1, as JSON or YAML. Paste it here or choose its file below."
          error={
            documentIssues.length
              ? `${documentIssues.length} ${documentIssues.length === 1 ? 'problem' : 'problems'} in the document, listed below`
              : undefined
          }
          {...form.register('documentText')}
        />
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          OpenAPI document file
          <input
            type="file"
            accept=".json,.yaml,.yml,application/json,application/yaml,text/yaml"
            className="text-sm font-normal"
            onChange={(event) => void readFile(event.target.files?.[0])}
          />
        </label>
        {documentIssues.length ? (
          <ul aria-label="Problems in the document" className="list-disc pl-5 text-sm text-danger">
            {documentIssues.map((issue, index) => (
              <li key={index}>
                <span className="font-mono">{issue.path}</span>: {issue.message}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold">Credentials</legend>
        <SelectField
          label="Authentication"
          className="w-64"
          {...credentialTypeField}
          onChange={(event) => {
            void credentialTypeField.onChange(event);
            // Another kind of credentials never reuses the saved secret: it must be entered.
            form.setValue('secret', '');
            form.setValue('secretSaved', false);
          }}
        >
          <option value="none">none</option>
          <option value="bearer">bearer token</option>
          <option value="apiKey">API key</option>
          <option value="basic">user name and password</option>
        </SelectField>
        {values.credentialType === 'apiKey' ? (
          <div className="flex flex-wrap gap-3">
            <SelectField label="Sent in" className="w-40" {...form.register('apiKeyIn')}>
              <option value="header">a header</option>
              <option value="query">the query string</option>
            </SelectField>
            <TextField
              label="Key name"
              autoComplete="off"
              error={errors.apiKeyName?.message}
              {...form.register('apiKeyName')}
            />
          </div>
        ) : null}
        {values.credentialType === 'basic' ? (
          <TextField
            label="User name"
            autoComplete="off"
            error={errors.username?.message}
            {...form.register('username')}
          />
        ) : null}
        {values.credentialType !== 'none' ? (
          <SecretField
            label={secretLabels[values.credentialType]}
            value={values.secret}
            saved={values.secretSaved}
            error={errors.secret?.message}
            onChange={(secret) => form.setValue('secret', secret, { shouldDirty: true })}
            onReplace={() => {
              form.setValue('secret', '', { shouldDirty: true });
              form.setValue('secretSaved', false);
            }}
          />
        ) : null}
      </fieldset>
      <div>
        <Button type="submit" variant="primary" disabled={isSubmitting}>
          Save
        </Button>
      </div>
      <UnsavedChangesGuard dirty={dirty} what="This integration" />
    </form>
  );
}
