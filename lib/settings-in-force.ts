/**
 * The settings a running studio uses, as the Settings page shows them: one row per environment
 * variable with the value in force. Secret values never appear: a variable that names a key,
 * secret, token, password or headers shows only whether it is set, and credentials inside a URL are masked.
 */
import { environmentVariables, type Settings } from './env';

export interface SettingRow {
  variable: string;
  /** The setting's dotted path in `createStudio({ settings })`. */
  setting: string;
  value: string;
  secret: boolean;
}

const secretName = /KEY|SECRET|TOKEN|PASSWORD|CREDENTIAL|HEADERS/i;

function valueAt(settings: Settings, path: string): unknown {
  let current: unknown = settings;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A URL with any user name or password replaced by •••• (other text is returned as it is). */
function withoutCredentials(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, '$1••••@');
}

/** Lists shown in their variable's own syntax: launch specs are separated by `;`, other lists by `,`. */
const listSeparators: Record<string, string> = { stdioAllowedCommands: '; ' };

function display(value: unknown, setting: string): string {
  if (value === undefined || value === null) return 'not set';
  if (Array.isArray(value)) return value.length ? value.map(String).join(listSeparators[setting] ?? ', ') : 'empty';
  if (typeof value === 'string') return withoutCredentials(value);
  if (typeof value === 'object' || typeof value === 'function') return 'set in code';
  return String(value);
}

export function settingsInForce(settings: Settings): SettingRow[] {
  return Object.entries(environmentVariables).map(([variable, setting]) => {
    const value = valueAt(settings, setting);
    const secret = secretName.test(variable);
    return {
      variable,
      setting,
      secret,
      value: secret ? (value === undefined || value === '' ? 'not set' : 'set (hidden)') : display(value, setting),
    };
  });
}
