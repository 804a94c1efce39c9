import { useLoaderData } from "react-router";

export function ComingSoon() {
  const { title } = useLoaderData<{ title: string }>();
  return (
    <section className="card narrow">
      <h1>{title}</h1>
      <p className="muted">This page is coming soon.</p>
    </section>
  );
}
