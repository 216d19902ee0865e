import { Fragment } from 'react';

/**
 * An e-mail address that a narrow column wraps only after the '@' and after dots ('sandy.secure@' /
 * 'guest.test'), never in the middle of a word; a single part too long for any line may still break.
 */
export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?<=[@.])/);
  let offset = 0;
  return (
    <span className="break-words">
      {parts.map((part) => {
        const at = offset;
        offset += part.length;
        return (
          <Fragment key={at}>
            {at > 0 ? <wbr /> : null}
            {part}
          </Fragment>
        );
      })}
    </span>
  );
}
