import type { ReactNode } from 'react';
import { Filtered } from './reference-filter';

/**
 * A part of the reference under a level-2 heading (named `${anchor}-heading`, where the contents
 * link): a tag's operations, or what they share. With `tag`, the part hides while the search finds
 * none of the tag's operations.
 */
export function ReferencePart({
  anchor,
  title,
  lead,
  tag,
  children,
}: {
  anchor: string;
  title: string;
  lead?: string | undefined;
  tag?: string;
  children: ReactNode;
}) {
  const part = { id: anchor, 'aria-labelledby': `${anchor}-heading`, className: 'flex scroll-mt-4 flex-col gap-3' };
  const body = (
    <>
      <h2 id={`${anchor}-heading`} className="text-xl font-semibold">
        {title}
      </h2>
      {lead ? <p className="text-slate-700">{lead}</p> : null}
      {children}
    </>
  );
  if (tag === undefined) return <section {...part}>{body}</section>;
  return (
    <Filtered as="section" tag={tag} {...part}>
      {body}
    </Filtered>
  );
}
