'use client';
import { useEffect, useState } from 'react';
import type { ActionResult } from './action-result';

/**
 * What a server action answers for `input`, read while `input` is not null (a dialog is open) and
 * read again when it changes. The input is compared by its JSON, so a caller may build it afresh on
 * every render. An answer that arrives after the input changed is dropped.
 */
export function useActionValue<Input, Value>(
  action: (input: Input) => Promise<ActionResult<Value>>,
  input: Input | null,
): { value: Value | null; error: string | null } {
  const key = input === null ? null : JSON.stringify(input);
  const [value, setValue] = useState<Value | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (key === null) return;
    let current = true;
    setValue(null);
    setError(null);
    void action(JSON.parse(key) as Input).then((result) => {
      if (!current) return;
      if (result.ok) setValue(result.value);
      else setError(result.error.message);
    });
    return () => {
      current = false;
    };
  }, [action, key]);
  return { value, error };
}
