// The columns every list of store items shares (seed 001 §3 cart item).
import type { ReactNode } from "react";

export function ItemHeaderCells() {
  return (
    <>
      <th scope="col">Product</th>
      <th scope="col">Seller</th>
      <th scope="col">Licence</th>
      <th scope="col">Price</th>
    </>
  );
}

/** Title (with a note under it), seller and the licence cell, which callers may extend. */
export function ItemCells({
  title,
  note,
  seller,
  licence,
}: {
  title: string;
  note: ReactNode;
  seller: string;
  licence: ReactNode;
}) {
  return (
    <>
      <td>
        {title}
        {note}
      </td>
      <td>{seller}</td>
      <td>{licence}</td>
    </>
  );
}
