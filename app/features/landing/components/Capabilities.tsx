import { Link } from "react-router";
import { GeneratedCover } from "../../../components/ui/GeneratedCover";
import styles from "./Landing.module.css";

/**
 * One section per thing the product does beyond the swap, each with a small drawn picture of its
 * page (plain HTML and CSS, decorative: the words carry the meaning) and a link to it.
 */
const CAPABILITIES = [
  {
    id: "shows",
    title: "Shows with stitched episodes",
    text: "Publish a show with its RSS feed. Each episode is stitched from its parts at the edge, so a new spot reaches every listener without uploading anything again.",
    link: { to: "/shows", label: "Start a show" },
    picture: <ShowsPicture />,
  },
  {
    id: "store",
    title: "A beat store with licences",
    text: "Sell beats with licence tiers from lease to exclusive, take card payments, and send every buyer a licence PDF whose code anyone can check.",
    link: { to: "/digistore", label: "Open your store" },
    picture: <StorePicture />,
  },
  {
    id: "auction",
    title: "A live auction",
    text: "Put gear and merch up as lots. Prices move live for everyone watching, and a bidder can set a maximum that bids for them.",
    link: { to: "/bidgallery", label: "See the auction" },
    picture: <AuctionPicture />,
  },
  {
    id: "teams",
    title: "Teams and signing",
    text: "Invite your co-hosts and editors to a show or a program, and send agreements to sign from a link, no account needed.",
    link: { to: "/authenticated#shared-heading", label: "Bring your team" },
    picture: <TeamsPicture />,
  },
] as const;

export function Capabilities() {
  return (
    <section className={styles.capabilities} aria-labelledby="capabilities-heading">
      <h2 id="capabilities-heading" className={styles.sectionTitle}>
        Everything around the episode
      </h2>
      <div className={styles.capabilityGrid}>
        {CAPABILITIES.map((capability) => (
          <section key={capability.id} className={styles.capability} aria-labelledby={`cap-${capability.id}`}>
            <div className={styles.capabilityPicture} aria-hidden="true">
              {capability.picture}
            </div>
            <h3 id={`cap-${capability.id}`}>{capability.title}</h3>
            <p>{capability.text}</p>
            <Link to={capability.link.to} className={styles.capabilityLink}>
              {capability.link.label} <span aria-hidden="true">→</span>
            </Link>
          </section>
        ))}
      </div>
    </section>
  );
}

function ShowsPicture() {
  return (
    <ul className={styles.miniList}>
      {[
        ["Ep. 42 · The long interview", "41 min"],
        ["Ep. 41 · Live from the farm", "38 min"],
        ["Ep. 40 · Listener questions", "29 min"],
      ].map(([title, length]) => (
        <li key={title}>
          <GeneratedCover title="Morning Field Notes" className={styles.miniCover} />
          <span className={styles.miniTitle}>{title}</span>
          <span className={styles.chip}>Sponsor</span>
          <span className={styles.miniMeta}>{length}</span>
        </li>
      ))}
    </ul>
  );
}

function StorePicture() {
  return (
    <ul className={styles.miniList}>
      {[
        ["Midnight Drive", "92 BPM · Am", "$29.99"],
        ["Sunrise Loop", "120 BPM · C", "$19.99"],
        ["Low Tide", "84 BPM · Fm", "$24.99"],
      ].map(([title, facts, price]) => (
        <li key={title}>
          <GeneratedCover title={title!} className={styles.miniCover} />
          <span className={styles.miniTitle}>{title}</span>
          <span className={styles.miniMeta}>{facts}</span>
          <span className={styles.price}>{price}</span>
        </li>
      ))}
    </ul>
  );
}

function AuctionPicture() {
  return (
    <div className={styles.lot}>
      <GeneratedCover title="Studio Microphone" className={styles.lotCover} />
      <div className={styles.lotFacts}>
        <span className={styles.miniTitle}>Studio microphone</span>
        <span className={styles.lotPrice}>$240</span>
        <span className={styles.miniMeta}>7 bids · 2h 14m left</span>
        <span className={styles.live}>Live</span>
      </div>
    </div>
  );
}

function TeamsPicture() {
  return (
    <div className={styles.team}>
      <span className={styles.faces}>
        {["Ana Ruiz", "Ben Okafor", "Chloe Li"].map((name) => (
          <GeneratedCover key={name} title={name} className={styles.face} />
        ))}
      </span>
      <span className={styles.doc}>
        <span className={styles.miniTitle}>Co-host agreement.pdf</span>
        <span className={styles.signed}>✓ Signed by 3 of 3</span>
      </span>
    </div>
  );
}
