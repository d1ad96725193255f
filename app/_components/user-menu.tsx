'use client';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { sendJson } from '../_lib/send-json';

/** The signed-in person's menu in the navigation: a button named by their email, with "Sign out". */
export function UserMenu({ email, role }: { email: string; role: string }) {
  const [error, setError] = useState<string>();

  async function signOut() {
    const answer = await sendJson('POST', '/api/auth/sign-out', {});
    if (!answer.ok && answer.status !== 401) {
      setError(answer.message);
      return;
    }
    window.location.assign('/sign-in');
  }

  return (
    <div className="ml-auto flex items-center gap-2">
      {error ? (
        <span role="alert" className="text-sm text-danger">
          {error}
        </span>
      ) : null}
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="rounded-md border border-slate-300 px-2.5 py-1 text-sm text-slate-800 hover:bg-slate-100">
          {email}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-40 rounded-md border border-slate-200 bg-white p-1 text-sm shadow-md"
          >
            <DropdownMenu.Label className="px-2 py-1 text-xs text-slate-600">Role: {role}</DropdownMenu.Label>
            <DropdownMenu.Item
              onSelect={() => void signOut()}
              className="cursor-pointer rounded px-2 py-1 text-slate-900 outline-none data-[highlighted]:bg-slate-100"
            >
              Sign out
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
