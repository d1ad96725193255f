import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { Navigation } from './_components/navigation';
import { PermissionsProvider } from './_components/permissions';
import { currentPermissions } from './_server/principal';
import './globals.css';

// Every page is rendered per request: the server's Content-Security-Policy allows only inline
// scripts carrying that request's nonce, and Next can stamp it only on pages it renders then
// (docs/security.md). A prerendered page would ship inline scripts the browser must block.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: { default: 'Agent Studio', template: '%s · Agent Studio' },
  description: 'Configure agents, their tools and their versions.',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="absolute -left-[9999px] rounded bg-white p-2 focus:left-4 focus:top-4 focus:z-50" href="#main">
          Skip to content
        </a>
        <Navigation />
        <main id="main" className="mx-auto max-w-6xl p-6">
          <PermissionsProvider value={await currentPermissions()}>{children}</PermissionsProvider>
        </main>
      </body>
    </html>
  );
}
