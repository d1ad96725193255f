import Link from 'next/link';

/** "List / id" above a record's page: the list's link, then the record's id. */
export function Breadcrumb({ href, list, id }: { href: string; list: string; id: string }) {
  return (
    <p className="text-sm">
      <Link href={href} className="underline">
        {list}
      </Link>{' '}
      / <span className="font-mono">{id}</span>
    </p>
  );
}
