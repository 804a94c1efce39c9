// The create-bid page (/createBid, admin; seed 001 screen 15): several items at once, each with a
// title, description, price, optional end time and its files (images, audio, video).
import { Link } from "react-router";
import { CreateBidForm } from "../components/CreateBidForm";
import "../auction.css";

export { action, loader } from "./create-lots.server";

export function meta() {
  return [{ title: "Create bid items · Creator Platform" }];
}

export default function CreateBid() {
  return (
    <section className="card create-bid auction-ui">
      <h1>Create bid items</h1>
      <p className="muted">
        Each item needs a title, a price and at least one picture, audio or video file. Items appear in the{" "}
        <Link to="/bidgallery">auction</Link> with a generated product code.
      </p>
      <CreateBidForm />
    </section>
  );
}
