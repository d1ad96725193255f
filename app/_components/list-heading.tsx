import Link from 'next/link';
import { buttonClasses } from './ui/button';

/** A list page's heading with the link that creates a new item. */
export function ListHeading({
  id,
  title,
  newHref,
  newLabel,
}: {
  id: string;
  title: string;
  newHref: string;
  newLabel: string;
}) {
  return (
    <div className="flex items-center justify-between">
      <h1 id={id} className="text-2xl font-semibold">
        {title}
      </h1>
      <Link href={newHref} className={buttonClasses('primary')}>
        {newLabel}
      </Link>
    </div>
  );
}
