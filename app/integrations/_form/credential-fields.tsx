'use client';
/** The integration's credentials: their kind, where an API key goes, and the secret (masked once saved). */
import type { UseFormReturn } from 'react-hook-form';
import { SecretField } from '../../_components/secret-field';
import { SelectField, TextField } from '../../_components/ui/field';
import type { CredentialType, IntegrationFormValues } from './form-values';
import { boundField } from '../../_lib/bound-field';

const secretLabels: Record<Exclude<CredentialType, 'none'>, string> = {
  bearer: 'Token',
  apiKey: 'Key value',
  basic: 'Password',
};

export function CredentialFields({
  form,
  values,
}: {
  form: UseFormReturn<IntegrationFormValues>;
  values: IntegrationFormValues;
}) {
  const { errors } = form.formState;
  const credentialTypeField = form.register('credentialType');
  return (
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
          <TextField label="Key name" autoComplete="off" {...boundField(form, 'apiKeyName')} />
        </div>
      ) : null}
      {values.credentialType === 'basic' ? (
        <TextField label="User name" autoComplete="off" {...boundField(form, 'username')} />
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
  );
}
