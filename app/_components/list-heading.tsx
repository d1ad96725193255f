import Link from 'next/link';
import type { Permissions } from '../_lib/permissions';
import { currentPermissions } from '../_server/principal';
import { buttonClasses } from './ui/button';

/** A list page's heading with the link that creates a new item, for roles that may create one. */
export async function ListHeading({
  id,
  title,
  newHref,
  newLabel,
  creating = 'edit',
}: {
  id: string;
  title: string;
  newHref: string;
  newLabel: string;
  /** What creating needs. */
  creating?: keyof Permissions;
}) {
  const mayCreate = (await currentPermissions())[creating];
  return (
    <div className="flex items-center justify-between">
      <h1 id={id} className="text-2xl font-semibold">
        {title}
      </h1>
      {mayCreate ? (
        <Link href={newHref} className={buttonClasses('primary')}>
          {newLabel}
        </Link>
      ) : null}
    </div>
  );
}
