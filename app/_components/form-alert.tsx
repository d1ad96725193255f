/** A form's refusal, read out when it appears. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-danger">
      {message}
    </p>
  );
}

/** How a form's last submit went: what it did, read out politely, or its refusal as an alert. */
export function FormOutcome({ status, refusal }: { status: string | undefined; refusal: string | undefined }) {
  return (
    <>
      {status ? (
        <p role="status" className="text-sm">
          {status}
        </p>
      ) : null}
      <FormAlert message={refusal} />
    </>
  );
}
