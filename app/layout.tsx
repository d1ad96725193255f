import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { Navigation } from './_components/navigation';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Agent Studio', template: '%s · Agent Studio' },
  description: 'Configure agents, their tools and their versions.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="absolute -left-[9999px] rounded bg-white p-2 focus:left-4 focus:top-4 focus:z-50" href="#main">
          Skip to content
        </a>
        <Navigation />
        <main id="main" className="mx-auto max-w-6xl p-6">
          {children}
        </main>
      </body>
    </html>
  );
}
