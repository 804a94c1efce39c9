// The dashboard's auction section (/theAdministrator; seed 001 screens 12 and 17): links to the
// auction's admin pages, pending member items, and bid offers grouped by item.
import { Link } from "react-router";
import type { MemberItemView, OfferGroupView } from "./admin-views";
import { AuctionToDo, OfferGroups } from "./OfferGroups";
import { PendingMemberItems } from "./PendingMemberItems";

export function AuctionAdmin({
  memberItems,
  offerGroups,
  now = null,
}: {
  memberItems: MemberItemView[];
  offerGroups: OfferGroupView[];
  /** The server's clock when the page was read: how long open lots have left. */
  now?: number | null;
}) {
  return (
    <section className="auction-admin auction-ui" aria-labelledby="auction-admin-heading">
      <h2 id="auction-admin-heading">Auction</h2>
      <AuctionToDo groups={offerGroups} memberItems={memberItems.filter((item) => item.status === "pending").length} />
      <p className="actions">
        <Link to="/createBid" className="button small">
          Create bid items
        </Link>
        <Link to="/memBid" className="button small">
          Enter a member item
        </Link>
        <Link to="/bidgallery" className="button small">
          View the gallery
        </Link>
      </p>
      <h3>Pending member items</h3>
      <PendingMemberItems items={memberItems} />
      <h3>Bid offers</h3>
      <OfferGroups groups={offerGroups} now={now} />
    </section>
  );
}
