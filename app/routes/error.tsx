import { Link } from "react-router";

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
