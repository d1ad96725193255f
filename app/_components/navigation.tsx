import Link from 'next/link';

const links = [
  { href: '/', label: 'Agents' },
  { href: '/api/openapi.json', label: 'API' },
];

export function Navigation() {
  return (
    <header className="topbar">
      <Link href="/" className="brand">
        Agent Studio
      </Link>
      <nav aria-label="Main">
        <ul>
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
