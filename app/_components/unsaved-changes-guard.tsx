'use client';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Button } from './ui/button';
import { AlertDialog, AlertDialogContent, AlertDialogFooter } from './ui/dialog';

/**
 * Guards unsaved changes: closing or reloading the tab asks the browser's question, and following
 * a link inside the editor asks ours first.
 */
export function UnsavedChangesGuard({ dirty, what = 'This agent' }: { dirty: boolean; what?: string }) {
  const router = useRouter();
  const [pendingHref, setPendingHref] = useState<string | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!anchor || anchor.target === '_blank') return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      setPendingHref(url.pathname + url.search);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  return (
    <AlertDialog open={pendingHref !== null} onOpenChange={(open) => (open ? null : setPendingHref(null))}>
      <AlertDialogContent
        title="Leave without saving?"
        description={`${what} has changes that are not saved. Leaving the page discards them.`}
      >
        <AlertDialogFooter dismiss="Stay" dismissVariant="primary">
          <Button
            variant="danger"
            onClick={() => {
              const href = pendingHref;
              setPendingHref(null);
              if (href) router.push(href);
            }}
          >
            Leave
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
