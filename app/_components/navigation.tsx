import Link from 'next/link';
import { currentPrincipal, permissionsOf } from '../_server/principal';
import { UserMenu } from './user-menu';

const links = [
  { href: '/', label: 'Agents' },
  { href: '/runs', label: 'Runs' },
  { href: '/mcp-clients', label: 'MCP clients' },
  { href: '/tools', label: 'Tools' },
  { href: '/integrations', label: 'Integrations', adminOnly: true },
  { href: '/settings', label: 'Settings', adminOnly: true },
  // The rendered reference of /api/openapi.json (app/api-reference).
  { href: '/api-reference', label: 'API' },
];

/**
 * The main navigation. Nobody signed in (the sign-in and setup pages) sees only the name; pages a
 * role cannot open are not offered; a signed-in person gets their menu with "Sign out" at the end
 * of the navigation landmark, a button named by their email.
 */
export async function Navigation() {
  const principal = await currentPrincipal();
  const { administer } = permissionsOf(principal);
  return (
    <header className="flex items-center gap-8 border-b border-slate-200 bg-white px-6 py-3">
      {/* Not prefetched for someone not signed in: the page behind it would only send them to sign in. */}
      <Link href="/" prefetch={principal ? null : false} className="font-bold text-slate-900 no-underline">
        Agent Studio
      </Link>
      {principal ? (
        <nav aria-label="Main" className="flex flex-1 items-center gap-4">
          <ul className="flex gap-4">
            {links
              .filter((link) => administer || !link.adminOnly)
              .map((link) => (
                <li key={link.href}>
                  <Link href={link.href} className="text-slate-700 no-underline hover:text-slate-900 hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
          </ul>
          {/* Inside the landmark, so whoever moves through the navigation finds their menu there. */}
          {principal.kind === 'user' ? <UserMenu email={principal.email} role={principal.role} /> : null}
        </nav>
      ) : null}
    </header>
  );
}
