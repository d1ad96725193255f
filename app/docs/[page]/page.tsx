import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { SimplePage } from '../../_components/simple-page';

export const metadata: Metadata = { title: 'Documentation' };

/** The documentation pages the editor links to ("Learn more", the API reference's typed client), read from the repository's docs folder. */
const pages: Record<string, string> = { resolution: 'resolution.md', editor: 'editor.md', client: 'client.md' };

/** A documentation page shown as its text; only the listed pages, so no other file can be named. */
export default async function DocsPage({ params }: { params: Promise<{ page: string }> }) {
  const { page } = await params;
  const file = pages[page];
  if (!file) notFound();
  const text = await readFile(path.join(process.cwd(), 'docs', file), 'utf8');
  const [title = page, ...rest] = text.split('\n');
  return (
    <SimplePage title={title.replace(/^#\s*/, '')} mainContent={false}>
      <pre className="whitespace-pre-wrap font-sans text-sm leading-6 text-slate-800">{rest.join('\n').trim()}</pre>
    </SimplePage>
  );
}
