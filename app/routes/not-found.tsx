import { data, Link } from "react-router";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Not Found · Creator Platform" }];
}

export default function NotFound() {
  return (
    <section className="card narrow">
      <h1>Not Found</h1>
      <p>Sorry! We couldn't find the page you're looking for.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}
