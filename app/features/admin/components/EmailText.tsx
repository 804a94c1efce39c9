// An e-mail address that wraps after its '@' when its column is narrow, instead of being cut
// with an ellipsis or broken mid-word.
import { Fragment } from "react";

export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=@)/);
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered.
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
