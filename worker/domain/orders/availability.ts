// When a product can be sold, as one SQL condition used by the cart, the
// checkout and fulfilment alike (so they can never disagree).
import { sql } from "drizzle-orm";
import { products } from "../../db/schema";

/** Listed, public, and with a copy left (null quantity = no limit). An exclusive once sold is `withdrawn`. */
export const productIsAvailable = sql`(${products.status} = 'active' AND ${products.accessType} = 'public-read' AND (${products.quantity} IS NULL OR ${products.quantity} > 0))`;

/** The same condition for a product row aliased `p` in hand-written SQL. */
export const AVAILABLE_P = `(p.status = 'active' AND p.access_type = 'public-read' AND (p.quantity IS NULL OR p.quantity > 0))`;
