'use client';
/** The editor's status line (what a save or an action did) and the Ctrl/Cmd+S shortcut for Save. */
import { useEffect, useRef } from 'react';

export const saveStatusId = 'editor-save-status';

/**
 * Two live regions, so each is in place before it speaks: a refusal ("Not saved: ...") is an alert
 * in error colours, anything else a status. Focus lands on the one speaking after "Save version".
 */
export function SaveStatus({ announcement }: { announcement: string }) {
  const failed = announcement.startsWith('Not saved');
  return (
    <div id={saveStatusId}>
      <p
        role="status"
        tabIndex={-1}
        data-speaking={failed ? undefined : ''}
        className="min-h-6 text-sm font-medium text-slate-800"
      >
        {failed ? '' : announcement}
      </p>
      <p
        role="alert"
        tabIndex={-1}
        data-speaking={failed ? '' : undefined}
        className={
          failed ? 'rounded-md border border-danger bg-red-50 px-2 py-1 text-sm font-medium text-danger' : undefined
        }
      >
        {failed ? announcement : ''}
      </p>
    </div>
  );
}

/** Moves focus to the status line's current message. */
export function focusSaveStatus() {
  document.querySelector<HTMLElement>(`#${saveStatusId} [data-speaking]`)?.focus();
}

/** Ctrl+S (Cmd+S on a Mac) asks to save, as Save does, instead of the browser saving the page. */
export function useSaveShortcut(save: () => void, enabled: boolean) {
  const latest = useRef(save);
  useEffect(() => {
    latest.current = save;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
