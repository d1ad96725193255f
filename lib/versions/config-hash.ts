/** `configHash`: what tells two configurations apart, the hex sha256 of their canonical JSON. */
import { hash } from 'node:crypto';
import { canonicalJson } from '../canonical-json';

/** Hex sha256 of the canonical JSON of a value. */
export function configHash(value: unknown): string {
  return hashCanonicalJson(canonicalJson(value));
}

/** `configHash` for a value already written as canonical JSON (saves hash the text they store). */
export function hashCanonicalJson(text: string): string {
  return hash('sha256', text);
}
