'use client';
/** The integration pages' client side: the status line and the form (create, or replace a stored config). */
import { useCallback, useState } from 'react';
import type { StoredIntegration } from './form-values';
import { IntegrationForm } from './integration-form';

export function IntegrationEditor({ stored }: { stored?: StoredIntegration }) {
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((text: string) => setAnnouncement(text), []);
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="min-h-6 text-sm font-medium text-slate-800">
        {announcement}
      </p>
      <IntegrationForm stored={stored} announce={announce} />
    </div>
  );
}
