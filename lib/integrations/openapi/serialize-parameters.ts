/**
 * OpenAPI parameter serialisation (the `style` / `explode` rules) for the common cases: path
 * `simple` / `label` / `matrix`, query `form` / `spaceDelimited` / `pipeDelimited` / `deepObject`,
 * header `simple`. Values nested deeper than the styles describe are sent as JSON.
 */
import type { ParameterBinding } from './describe-operations';
import { isRecord } from '../../is-record';

const scalar = (value: unknown): string =>
  value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);

/** The text that replaces `{name}` in the path, already URL-encoded. */
export function serializePathParameter(binding: ParameterBinding, value: unknown): string {
  const style = binding.style ?? 'simple';
  const explode = binding.explode ?? false;
  const encode = (item: unknown) => encodeURIComponent(scalar(item));
  let items: string[];
  if (Array.isArray(value)) items = value.map(encode);
  else if (isRecord(value)) {
    items = Object.entries(value).flatMap(([key, item]) =>
      explode ? [`${encodeURIComponent(key)}=${encode(item)}`] : [encodeURIComponent(key), encode(item)],
    );
  } else items = [encode(value)];
  if (style === 'label') return `.${items.join(explode ? '.' : ',')}`;
  if (style === 'matrix') {
    const name = encodeURIComponent(binding.name);
    if (explode && Array.isArray(value)) return items.map((item) => `;${name}=${item}`).join('');
    if (explode && isRecord(value)) return items.map((item) => `;${item}`).join('');
    return `;${name}=${items.join(',')}`;
  }
  return items.join(',');
}

/** Appends one query parameter to `searchParams`. */
export function appendQueryParameter(searchParams: URLSearchParams, binding: ParameterBinding, value: unknown): void {
  const style = binding.style ?? 'form';
  const explode = binding.explode ?? style === 'form';
  if (Array.isArray(value)) {
    if (explode) for (const item of value) searchParams.append(binding.name, scalar(item));
    else {
      const separator = style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',';
      searchParams.append(binding.name, value.map(scalar).join(separator));
    }
    return;
  }
  if (isRecord(value)) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined && item !== null);
    if (style === 'deepObject')
      for (const [key, item] of entries) searchParams.append(`${binding.name}[${key}]`, scalar(item));
    else if (explode) for (const [key, item] of entries) searchParams.append(key, scalar(item));
    else searchParams.append(binding.name, entries.flatMap(([key, item]) => [key, scalar(item)]).join(','));
    return;
  }
  searchParams.append(binding.name, scalar(value));
}

/** A header value (`simple` style). */
export function serializeHeaderParameter(binding: ParameterBinding, value: unknown): string {
  if (Array.isArray(value)) return value.map(scalar).join(',');
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([key, item]) => (binding.explode ? `${key}=${scalar(item)}` : `${key},${scalar(item)}`))
      .join(',');
  }
  return scalar(value);
}
