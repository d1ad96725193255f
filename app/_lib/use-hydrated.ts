'use client';
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * Whether the page's scripts have taken over. A form that sends a password keeps its button
 * disabled until then: submitted earlier, the browser would send the fields itself, in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
