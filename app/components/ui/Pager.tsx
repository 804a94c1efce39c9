// Previous / next links of a list the server pages (`?page=`), with how many there are and where
// the reader is: the admin's users and orders, and any list too long for one page.
import { Link } from "react-router";
import { buttonClass } from "./Button";
import styles from "./Pager.module.css";

/** `noun` is the singular and plural of what is counted; `link` the address of a page. */
export function Pager({
  label,
  total,
  page,
  pageSize,
  noun,
  link,
}: {
  label: string;
  total: number;
  page: number;
  pageSize: number;
  noun: [string, string];
  link: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const number = new Intl.NumberFormat("en-US");
  return (
    <nav className={styles.pager} aria-label={label}>
      <p aria-live="polite">
        {`${number.format(total)} ${total === 1 ? noun[0] : noun[1]} · page ${number.format(page)} of ${number.format(pages)}`}
      </p>
      {page > 1 && (
        <Link to={link(page - 1)} className={buttonClass("secondary", "sm")} rel="prev">
          Previous
        </Link>
      )}
      {page < pages && (
        <Link to={link(page + 1)} className={buttonClass("secondary", "sm")} rel="next">
          Next
        </Link>
      )}
    </nav>
  );
}
