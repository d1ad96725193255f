/** Text from the document with its `backticked` words set as code (the only markup its descriptions use). */
export function InlineCode({ text }: { text: string }) {
  const parts = text.split('`');
  // An odd number of backticks leaves the last one as it is written.
  if (parts.length % 2 === 0) return <>{text}</>;
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <code key={index} className="api-code">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}
