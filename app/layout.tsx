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
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Navigation />
        <main id="main" className="page">
          {children}
        </main>
      </body>
    </html>
  );
}
