'use client';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useTransition } from 'react';
import { SearchWithStatus } from './ui/field';

const debounceMs = 200;

/** Filters the agents list as the person types: the server searches, the URL keeps the query. */
export function AgentSearch({ initial, shown }: { initial: string; shown: number }) {
  const router = useRouter();
  const pathname = usePathname();
  const [text, setText] = useState(initial);
  const [pending, startTransition] = useTransition();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function onChange(value: string) {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const query = value.trim() === '' ? '' : `?search=${encodeURIComponent(value.trim())}`;
      startTransition(() => router.replace(`${pathname}${query}`, { scroll: false }));
    }, debounceMs);
  }

  return (
    <SearchWithStatus
      layout="flex items-end gap-3"
      statusClassName="pb-2 text-slate-600"
      label="Search agents"
      value={text}
      placeholder="Name or id"
      onChange={(event) => onChange(event.target.value)}
      status={pending ? 'Searching…' : `${shown} ${shown === 1 ? 'agent' : 'agents'} shown`}
    />
  );
}
