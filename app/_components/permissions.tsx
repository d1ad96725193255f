'use client';
/**
 * What the signed-in person's role lets them do, for the controls deep in a page: a control the
 * role cannot use is left out (the server refuses it anyway). The layout provides it once per page.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { Permissions } from '../_lib/permissions';

const everything: Permissions = { edit: true, administer: true, run: true };

const PermissionsContext = createContext<Permissions>(everything);

export function PermissionsProvider({ value, children }: { value: Permissions; children: ReactNode }) {
  return <PermissionsContext.Provider value={value}>{children}</PermissionsContext.Provider>;
}

export const usePermissions = () => useContext(PermissionsContext);
