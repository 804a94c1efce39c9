import { Link } from "react-router";
import { Packages } from "../components/community/Packages";
import "../styles/community.css";

export function meta() {
  return [{ title: "Services · Creator Platform" }];
}

export default function Services() {
  return (
    <section className="card narrow">
      <h1>Services</h1>
      <p>Three packages to produce and promote your show. Open one to see what it holds.</p>
      <Packages />
      <p className="muted">
        Questions about a package? <Link to="/contact">Contact us</Link> or join the{" "}
        <Link to="/community">Early Risers</Link>.
      </p>
    </section>
  );
}
