// One Durable Object per auction bid item, keyed by its short code, with
// SQLite storage. Offers, the live WebSocket and write-through to D1 are
// built with the auction feature; the class is declared now so the binding
// and its storage migration exist from the start.
import { DurableObject } from "cloudflare:workers";

export class BidItem extends DurableObject<Env> {}
