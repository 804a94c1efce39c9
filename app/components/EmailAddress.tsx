import { Fragment } from "react";

/**
 * An e-mail address that wraps, when it must, only where typesetters break one: after the @ and
 * before a dot ("producer.with.a.long.address@" / "example.com"), never in the middle of a part.
 */
export function EmailAddress({ value }: { value: string }) {
  let offset = 0;
  return (
    <>
      {value.split(/(?<=@)|(?=\.)/).map((part) => {
        const at = offset;
        offset += part.length;
        return (
          <Fragment key={at}>
            {at > 0 && <wbr />}
            {part}
          </Fragment>
        );
      })}
    </>
  );
}
