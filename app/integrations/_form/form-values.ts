/**
 * The integration form's values and how they map to the API's config body: credentials as a kind
 * and one secret field (masked once saved, and sent back as the mask to keep the stored secret),
 * the document as the text typed or read from a file.
 */
import { credentialSecret, type IntegrationConfigInput } from '@/lib/schemas';

export type CredentialType = 'none' | 'bearer' | 'apiKey' | 'basic';

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

type Credentials = NonNullable<IntegrationConfigInput['credentials']>;

/** What the integration's page knows of a stored config. */
export interface StoredIntegration {
  id: string;
  name: string;
  baseUrl?: string;
  document: Record<string, unknown>;
  credentials?: Credentials;
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
    secret: credentials ? credentialSecret(credentials) : '',
    secretSaved: credentials !== undefined,
  };
}

export function credentialsOf(values: IntegrationFormValues): Credentials | undefined {
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

/** The config body a save sends, around a document (the server parses the document's text). */
export function configOf(values: IntegrationFormValues, document: Record<string, unknown>): IntegrationConfigInput {
  const credentials = credentialsOf(values);
  return {
    type: 'openapi',
    document,
    ...(values.name.trim() ? { name: values.name.trim() } : {}),
    ...(values.baseUrl.trim() ? { baseUrl: values.baseUrl.trim() } : {}),
    ...(credentials ? { credentials } : {}),
  };
}

const fieldsOfIssues: Record<string, keyof IntegrationFormValues> = {
  id: 'id',
  name: 'name',
  baseUrl: 'baseUrl',
  'credentials.name': 'apiKeyName',
  'credentials.username': 'username',
};

/** The field that shows a problem at this body path (any other credentials problem is the secret's). */
export function fieldOfIssue(path: string): keyof IntegrationFormValues | undefined {
  return fieldsOfIssues[path] ?? (path.startsWith('credentials') ? 'secret' : undefined);
}
