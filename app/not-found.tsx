import Link from 'next/link';
import { SimplePage } from './_components/simple-page';

/** What an address that names nothing shows (an agent or run deleted, a mistyped id): where to go instead. */
export default function NotFound() {
  const places = [
    ['/', 'Agents'],
    ['/runs', 'Runs'],
    ['/tools', 'Tools'],
    ['/mcp-clients', 'MCP clients'],
  ] as const;
  return (
    <SimplePage
      title="Nothing here"
      lead="This address names nothing the studio has: an agent, run, tool or client that was deleted or never existed, or a mistyped address."
    >
      <nav aria-label="Go to" className="flex flex-wrap gap-3">
        {places.map(([href, name]) => (
          <Link key={href} href={href} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm">
            {name}
          </Link>
        ))}
      </nav>
    </SimplePage>
  );
}
