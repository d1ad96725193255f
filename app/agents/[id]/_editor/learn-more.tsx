import Link from 'next/link';

/** The link after a one-sentence explanation, to the documentation page that says the rest. */
export function LearnMore({ page }: { page: 'resolution' | 'editor' }) {
  return (
    <Link href={`/docs/${page}`} target="_blank" className="font-medium text-indigo-800 underline">
      Learn more
    </Link>
  );
}
