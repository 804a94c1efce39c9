import { Link } from "react-router";
import { Packages } from "../components/Packages";
import styles from "../components/Packages.module.css";

export function meta() {
  return [
    { title: "Services · Creator Platform" },
    { name: "description", content: "Green, Mission and Odyssey: clips, episodes and series produced for your show." },
  ];
}

export default function Services() {
  return (
    <div className={styles.page}>
      <header className={styles.intro}>
        <p className={styles.eyebrow}>Production services</p>
        <h1>Services</h1>
        <p className={styles.lead}>
          Three packages to produce and promote your show. Pick one and write to us: we answer within one working day.
        </p>
      </header>
      <Packages />
      <aside className={styles.help} aria-labelledby="services-help">
        <h2 id="services-help">Not sure which one fits?</h2>
        <p>
          Tell us about your show and we will suggest a package. <Link to="/contact">Contact us</Link> or join the{" "}
          <Link to="/community">Early Risers</Link>.
        </p>
      </aside>
    </div>
  );
}
