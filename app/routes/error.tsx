import { Link } from "react-router";

// Its own tab title: a visitor sent here after an exception should not see the landing page's.
export function meta() {
  return [{ title: "Something went wrong · Creator Platform" }];
}

export default function ErrorPage() {
  return (
    <section className="card narrow" role="alert">
      <h1>Something went wrong</h1>
      <p>An unexpected error occurred. Please try again.</p>
      <Link to="/" className="button">
        Back to the start
      </Link>
    </section>
  );
}
