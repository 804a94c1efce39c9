import { Link } from "react-router";

export function meta() {
  return [{ title: "Contact · Creator Platform" }];
}

export default function Contact() {
  return (
    <section className="card narrow">
      <h1>Contact</h1>
      <p>
        Questions about the platform, a package or your account? Write to{" "}
        <a href="mailto:support@creatorplatform.app">support@creatorplatform.app</a> and we answer within one working
        day.
      </p>
      <p>
        Want news first? <Link to="/community">Join the Early Risers</Link>.
      </p>
    </section>
  );
}
