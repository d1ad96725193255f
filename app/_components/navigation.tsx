import Link from 'next/link';

const links = [
  { href: '/', label: 'Agents' },
  { href: '/mcp-clients', label: 'MCP clients' },
  { href: '/tools', label: 'Tools' },
  { href: '/integrations', label: 'Integrations' },
  { href: '/settings', label: 'Settings' },
];

export function Navigation() {
  return (
    <header className="flex items-center gap-8 border-b border-slate-200 bg-white px-6 py-3">
      <Link href="/" className="font-bold text-slate-900 no-underline">
        Agent Studio
      </Link>
      <nav aria-label="Main">
        <ul className="flex gap-4">
          {links.map((link) => (
            <li key={link.href}>
              <Link href={link.href} className="text-slate-700 no-underline hover:text-slate-900 hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
          <li>
            <a href="/api/openapi.json" className="text-slate-700 no-underline hover:text-slate-900 hover:underline">
              API
            </a>
          </li>
        </ul>
      </nav>
    </header>
  );
}
